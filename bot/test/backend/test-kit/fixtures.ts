import type { Db } from '../../../src/backend/db/types';
import { proof } from './auth-headers';
import type { Answer, CallOptions } from './backend';

type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, o?: CallOptions) => Promise<Answer>;

export interface Area {
  region: number;
  zone: number;
  woreda: number;
  kebele: number;
}
export interface User {
  telegramId: number;
  botUserId: number;
  headers: Record<string, string>;
}
export interface Da extends User {
  daId: number;
  phone: string;
  area: Area;
}

let counter = 0;
// Distinct per test file (workers share nothing but a PostgreSQL server, and each file has its own db).
const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
export const uniqueNumber = () => base + ++counter;
/** A fresh 9-digit national phone number (9xxxxxxxx). */
export const uniquePhone = () => `9${String(uniqueNumber() % 100_000_000).padStart(8, '0')}`;

/** Test data made through the API (so fixtures exercise it too), plus a few reads of the seed. */
export class Fixtures {
  area!: Area;
  /** A kebele in another woreda, zone and region than `area`. */
  otherArea!: Area;
  roleId!: number;
  advisoryIds!: number[];

  constructor(
    readonly db: Db,
    private readonly call: Call,
    /** The bot token users' initData is signed with (a real server's; the test backend's by default). */
    private readonly botToken?: string,
  ) {}

  async init(): Promise<void> {
    const areas = await this.db.query<Area>(
      `select distinct on (z.region_id) z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       order by z.region_id, k.id limit 2`,
    );
    [this.area, this.otherArea] = areas.rows as [Area, Area];
    this.roleId = (await this.db.query<{ id: number }>('select min(id) as id from da_roles')).rows[0]
      ?.id as number;
    this.advisoryIds = (
      await this.db.query<{ id: number }>('select id from advisories order by id')
    ).rows.map((r) => r.id);
  }

  async user(phone?: string): Promise<User> {
    const telegramId = uniqueNumber();
    const r = await this.call('POST', '/api/bot-users/', {
      headers: proof.service(),
      body: {
        telegram_id: telegramId,
        chat_id: telegramId,
        first_name: 'Tester',
        ...(phone ? { phone_number: phone } : {}),
      },
    });
    if (r.status !== 200) throw new Error(`bot user upsert failed: ${r.status} ${JSON.stringify(r.body)}`);
    const headers = proof.initData(telegramId, this.botToken ? { botToken: this.botToken } : undefined);
    return { telegramId, botUserId: r.body.id, headers };
  }

  /** A report-user profile's body, as the report-user form sends it. */
  reportUserBody(telegramId: number) {
    return {
      name: 'Hana Girma',
      phone_no: uniquePhone(),
      gender: 'female',
      region: this.area.region,
      zone: this.area.zone,
      woreda: this.area.woreda,
      created_by: telegramId,
    };
  }

  daBody(user: User, phone: string, area: Area = this.area) {
    return {
      first_name: 'Almaz',
      father_name: 'Bekele',
      grand_father_name: 'Desta',
      phone_number: phone,
      telegram_phone_number: phone,
      sex: 'female',
      ...area,
      role: this.roleId,
      created_by: user.botUserId,
    };
  }

  /**
   * Lists `phone` on the organisation's roster for the area's kebele, as `gebere import roster`
   * does: a DA registering with that verified phone there is VERIFIED at once.
   */
  async roster(phone: string, area: Area = this.area): Promise<void> {
    const r = await this.db.query<{ code: string; role: string }>(
      'select k.code, (select name from da_roles where id = $2) as role from kebeles k where k.id = $1',
      [area.kebele, this.roleId],
    );
    const { code, role } = r.rows[0] as { code: string; role: string };
    const row = {
      phone_number: `0${phone}`,
      first_name: 'Almaz',
      father_name: 'Bekele',
      grand_father_name: 'Desta',
      gender: 'female',
      kebele: code,
      role,
    };
    const imported = await this.call('POST', '/api/import/roster/', {
      headers: proof.service(),
      body: { rows: [row], first_row: 2 },
    });
    if (imported.status !== 200)
      throw new Error(`roster import failed: ${imported.status} ${JSON.stringify(imported.body)}`);
  }

  /**
   * A VERIFIED DA as the organisation's roster makes one: listed for the kebele, then registered
   * through the form's calls (register, then the spec's PATCH to VERIFIED).
   */
  async da(area: Area = this.area): Promise<Da> {
    const phone = uniquePhone();
    await this.roster(phone, area);
    const user = await this.user(`+251${phone}`);
    const r = await this.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: this.daBody(user, phone, area),
    });
    if (r.status !== 201) throw new Error(`DA create failed: ${r.status} ${JSON.stringify(r.body)}`);
    // Spec §4: the registration screen then asks for VERIFIED, which the server's rule allows.
    const v = await this.call('PATCH', `/api/bot-users/${user.botUserId}/`, {
      headers: user.headers,
      body: { id: user.botUserId, verification_status: 'VERIFIED' },
    });
    if (v.status !== 200) throw new Error(`DA verify failed: ${v.status} ${JSON.stringify(v.body)}`);
    return { ...user, daId: r.body.id, phone, area };
  }

  /** An operator's grant (service token) to whoever owns `phone`. */
  async grant(
    phone: string,
    role: 'notification_manager' | 'supervisor',
    location_type: 'all' | 'region' | 'zone' | 'woreda' | 'kebele' = 'all',
    location_id: number | null = null,
  ): Promise<void> {
    const r = await this.call('POST', '/api/role-grants/', {
      headers: proof.service(),
      body: { phone_number: phone, role, location_type, location_id },
    });
    if (r.status !== 201 && r.status !== 200)
      throw new Error(`grant failed: ${r.status} ${JSON.stringify(r.body)}`);
  }

  /** A bot user with a verified phone and the notification-manager grant (national by default). */
  async manager(
    location_type: 'all' | 'region' | 'zone' | 'woreda' | 'kebele' = 'all',
    location_id: number | null = null,
  ): Promise<User & { phone: string }> {
    const phone = uniquePhone();
    const user = await this.user(`+251${phone}`);
    await this.grant(phone, 'notification_manager', location_type, location_id);
    return { ...user, phone };
  }

  async group(da: Da, name = 'Tesfa Group'): Promise<number> {
    const r = await this.call('POST', '/api/development-groups/', {
      headers: da.headers,
      body: { group_name: name, group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
    });
    if (r.status !== 201) throw new Error(`group create failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id;
  }

  /**
   * A farmer no other has registered: a phone of their own, and a grandfather's name of their own
   * (the same three names in a kebele are a possible duplicate, farmer-checks.ts).
   */
  farmerBody(da: Da, group: number, name = 'Abebe') {
    return {
      farmer_name: name,
      father_name: 'Kebede',
      grand_father_name: `Tesfaye ${uniqueNumber()}`,
      phone_number: uniquePhone(),
      gender: 'male',
      created_by: da.daId,
      kebele: da.area.kebele,
      development_group: group,
    };
  }

  async farmer(da: Da, group: number, name?: string): Promise<number> {
    const r = await this.call('POST', '/api/farmer-profiles/', {
      headers: da.headers,
      body: this.farmerBody(da, group, name),
    });
    if (r.status !== 201) throw new Error(`farmer create failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.id;
  }

  private countSql?: string;

  /** Rows in every table, to prove a rejected request wrote nothing. */
  async rowCounts(): Promise<Record<string, number>> {
    if (!this.countSql) {
      // Not the limits' own accounting (rate_limits): a request admitted and then refused spent
      // its user's budget, and that is not data it wrote.
      const tables = await this.db.query<{ t: string }>(
        `select tablename as t from pg_tables where schemaname = 'public' and tablename <> 'rate_limits'
         order by tablename`,
      );
      // One row per table (json_build_object takes at most 100 arguments, fewer than tables × 2).
      this.countSql = `select json_object_agg(t, n) as counts from (${tables.rows
        .map((r) => `select '${r.t}' as t, (select count(*) from "${r.t}")::int as n`)
        .join(' union all ')}) c`;
    }
    const r = await this.db.query<{ counts: Record<string, number> }>(this.countSql);
    return r.rows[0]?.counts ?? {};
  }
}
