// Attack suite: names that break what shows them. A line break or a tab in a farmer's name splits
// a CSV row, a chat summary or a list; an escape or a carriage return rewrites what a terminal
// or a log shows. Names refuse every control character; free text keeps its line breaks only.
// (A name may still begin with =, +, - or @: the CSV/XLSX export neutralises formulas.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, type User, uniquePhone } from '../backend/test-kit/fixtures';
import { expectRefusedInAll } from './test-kit';

const LINE = {
  en: 'Must be one line: no line breaks, tabs or other control characters',
  am: 'በአንድ መስመር መሆን አለበት፤ የመስመር መቋረጥ፣ ታብ ወይም ሌሎች የቁጥጥር ምልክቶች አይፈቀዱም',
  om: "Sarara tokko ta'uu qaba: sarara cabsuu, tab ykn mallattoo to'annoo biroo hin qabaatin",
};
const CONTROL = {
  en: 'Must not contain control characters (line breaks are fine)',
  am: 'የቁጥጥር ምልክቶችን መያዝ የለበትም (የመስመር መቋረጥ ይፈቀዳል)',
  om: "Mallattoo to'annoo qabaachuu hin qabu (sarara cabsuun ni danda'ama)",
};
const onField = (field: string, texts: typeof LINE) => ({
  en: { [field]: [texts.en] },
  am: { [field]: [texts.am] },
  om: { [field]: [texts.om] },
});

/** Inside a name: a line break, a tab, a carriage return, an escape, C1's NEL, DEL. */
const BROKEN = [
  ['a line break', 'Abebe\nKebede'],
  ['a tab', 'Abebe\tKebede'],
  ['a carriage return', 'Abebe\rKebede'],
  ['an escape', 'Abebe\u001b[2J'],
  ['C1 NEL', 'Abe\u0085be'],
  ['DEL', 'Abe\u007fbe'],
] as const;

describeOnDatabases('attacks with names (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  let manager: User;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    group = await t.fx.group(da);
    manager = await t.fx.manager();
  });
  afterAll(() => t?.close());

  const notification = (fields: object) => ({
    name: 'Field day',
    message: 'Bring your notebooks.',
    content_type: 'reach',
    send_now: true,
    location_type: 'kebele',
    location_id: da.area.kebele,
    created_by: manager.botUserId,
    ...fields,
  });

  describe('names refuse control characters, on the field, in en, am and om', () => {
    it.each(BROKEN)('farmer, father and grandfather names: %s', async (_what, name) => {
      for (const field of ['farmer_name', 'father_name', 'grand_father_name'])
        await expectRefusedInAll(
          t,
          'POST',
          '/api/farmer-profiles/',
          { headers: da.headers, body: { ...t.fx.farmerBody(da, group), [field]: name } },
          400,
          onField(field, LINE),
        );
    });

    it('a DA’s names, a group’s name (alone and on the farmer form), a report user’s, a notification’s', async () => {
      const phone = uniquePhone();
      const registrant = await t.fx.user(`+251${phone}`);
      for (const field of ['first_name', 'father_name', 'grand_father_name'])
        await expectRefusedInAll(
          t,
          'POST',
          '/api/da-profiles/',
          {
            headers: registrant.headers,
            body: { ...t.fx.daBody(registrant, phone), [field]: 'Almaz\nDesta' },
          },
          400,
          onField(field, LINE),
        );
      await expectRefusedInAll(
        t,
        'POST',
        '/api/development-groups/',
        {
          headers: da.headers,
          body: {
            group_name: 'Tesfa\tGroup',
            group_type: 'mixed',
            kebele: da.area.kebele,
            created_by: da.daId,
          },
        },
        400,
        onField('group_name', LINE),
      );
      const { development_group: _, ...farmer } = t.fx.farmerBody(da, group);
      await expectRefusedInAll(
        t,
        'POST',
        '/api/farmer-profiles/',
        {
          headers: da.headers,
          body: { ...farmer, development_group: { group_name: 'New\ngroup', group_type: 'mixed' } },
        },
        400,
        onField('development_group.group_name', LINE),
      );
      await expectRefusedInAll(
        t,
        'POST',
        '/api/report-users/',
        { headers: da.headers, body: { ...t.fx.reportUserBody(da.telegramId), name: 'Hana\r\nGirma' } },
        400,
        onField('name', LINE),
      );
      await expectRefusedInAll(
        t,
        'POST',
        '/api/location-notifications/',
        { headers: manager.headers, body: notification({ name: 'Field\nday' }) },
        400,
        onField('name', LINE),
      );
    });

    it('a name beginning with =, +, - or @ is stored as written (the export neutralises it)', async () => {
      for (const name of ['=HYPERLINK("x")', '+251', '-Abebe', '@Abebe']) {
        const r = await t.call('POST', '/api/farmer-profiles/', {
          headers: da.headers,
          body: { ...t.fx.farmerBody(da, group), farmer_name: name },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        expect(r.body.farmer_name).toBe(name);
      }
    });
  });

  describe('free text keeps its line breaks, and nothing else of the controls', () => {
    it('a notification message', async () => {
      const ok = await t.call('POST', '/api/location-notifications/', {
        headers: manager.headers,
        body: notification({ message: 'Line one\nLine two\r\nLine three' }),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(ok.body.message).toBe('Line one\nLine two\r\nLine three');
      for (const message of ['Tab\there', 'Bell\u0007', 'Lone\rreturn', 'Esc\u001b[31m'])
        await expectRefusedInAll(
          t,
          'POST',
          '/api/location-notifications/',
          { headers: manager.headers, body: notification({ message }) },
          400,
          onField('message', CONTROL),
        );
    });

    it('a feedback TEXT answer', async () => {
      const q = (
        await t.db.query<{ id: number }>(`select id from feedback_questions where type = 'TEXT' limit 1`)
      ).rows[0] as { id: number };
      const user = await t.fx.user();
      const answer = (text: string) => ({
        user: user.botUserId,
        feedback_question: q.id,
        response: { question_id: q.id, answer: { text } },
      });
      await expectRefusedInAll(
        t,
        'POST',
        '/api/feedback/',
        { headers: user.headers, body: answer('Good\u0008\u0008\u0008bad') },
        400,
        onField('response.answer.text', CONTROL),
      );
      const ok = await t.call('POST', '/api/feedback/', {
        headers: user.headers,
        body: answer('Good advice.\nWe planted in rows.'),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    });
  });
});
