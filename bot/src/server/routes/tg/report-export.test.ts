import type { Report } from '@gebere/contract';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { initData, testApp } from '../../../../test/test-kit';
import { parseCsv } from '../../../backend/csv';

const report: Report = {
  area: { level: 'woreda', id: 7, name: 'Bahir Dar Zuria', name_am: 'ባሕር ዳር ዙሪያ' },
  trail: [],
  from: '2026-01-05',
  to: '2026-03-29',
  value_chain: null,
  weeks: [{ week: '2026-03-23', farmers: 2, groups: 1, reach: 4, adoption: 1 }],
  totals: { farmers: 31, groups: 4, reach: 40, adoption: 10 },
  by_value_chain: [{ id: 2, name: 'Maize, white', name_am: 'በቆሎ', reach: 40, adoption: 10 }],
  by_advisory: [{ id: 9, name: 'Row planting', name_am: null, reach: 20, adoption: 15 }],
  by_area: [
    {
      level: 'kebele',
      id: 70,
      name: 'Meshenti',
      name_am: null,
      farmers: 30,
      groups: 3,
      reach: 40,
      adoption: 10,
    },
  ],
  by_da: [{ id: 5, name: 'Almaz Bekele', farmers: 31, groups: 4, reach: 40, adoption: 10 }],
  value_chains: [],
};

const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function setup(answer: { status: number; body: unknown } = { status: 200, body: report }) {
  const asked: Array<{ authorization: string; query: Record<string, string>; language: string }> = [];
  const t = await testApp(
    {},
    {},
    {
      reports: {
        fetchReport: async (authorization, query, language) => {
          asked.push({ authorization, query, language });
          return answer;
        },
      },
    },
  );
  apps.push(t.app);
  const post = (authorization: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/tg/report-export',
      headers: authorization ? { authorization } : {},
      payload: payload as object,
    });
  return { ...t, asked, post };
}

describe('POST /tg/report-export', () => {
  it("asks the backend as the caller and sends the report's rows to the caller's own chat", async () => {
    const { post, sent, asked } = await setup();
    const auth = `tma ${initData({ id: 601, language_code: 'am' })}`;
    const res = await post(auth, { level: 'woreda', area: 7, from: '2026-01-05', to: '2026-03-29' });
    expect(res.statusCode).toBe(200);
    // The caller's own proof goes to the backend, whose policy decides the area.
    expect(asked).toEqual([
      {
        authorization: auth,
        query: { level: 'woreda', area: '7', from: '2026-01-05', to: '2026-03-29' },
        language: 'am',
      },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'sendDocument', target: 601, text: 'ሪፖርቶች' });
    expect(sent[0]?.document?.name).toBe('report-woreda-7-2026-01-05-2026-03-29.csv');
    const text = sent[0]?.document?.text ?? '';
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header?.slice(0, 3)).toEqual(['section', 'level', 'id']);
    const bySection = (s: string) => rows.filter((r) => r[0] === s);
    expect(bySection('period')[0]).toEqual([
      'period',
      'woreda',
      '7',
      'Bahir Dar Zuria',
      'ባሕር ዳር ዙሪያ',
      '', // no Oromo name: the English one is it
      '2026-01-05/2026-03-29',
      '2018-04-27/2018-07-20', // Tahsas 27 to Megabit 20, 2018 E.C.
      '31',
      '4',
      '40',
      '10',
      '0.2500',
    ]);
    expect(bySection('value_chain')[0]?.slice(0, 5)).toEqual(['value_chain', '', '2', 'Maize, white', 'በቆሎ']);
    expect(bySection('advisory')[0]?.at(-1)).toBe('0.7500');
    expect(bySection('area')[0]?.slice(0, 4)).toEqual(['area', 'kebele', '70', 'Meshenti']);
    expect(bySection('da')[0]?.slice(3, 4)).toEqual(['Almaz Bekele']);
    expect(bySection('week')).toHaveLength(1);
    const week = bySection('week')[0] ?? [];
    expect([week[header?.indexOf('week') ?? -1], week[header?.indexOf('week_ec') ?? -1]]).toEqual([
      '2026-03-23',
      '2018-07-14', // Megabit 14
    ]);
  });

  it('sends no cell a spreadsheet would run as a formula, whatever the names hold', async () => {
    const hostile: Report = {
      ...report,
      area: { ...report.area, name: '=HYPERLINK("http://evil.example","Open")', name_am: '+ክልል' },
      by_value_chain: [{ id: 2, name: '@SUM(A1:A9)', name_am: '-1+2', reach: 4, adoption: 1 }],
      by_da: [{ id: 5, name: '\t=cmd', farmers: 1, groups: 1, reach: 1, adoption: 0 }],
    };
    const { post, sent } = await setup({ status: 200, body: hostile });
    const res = await post(`tma ${initData({ id: 605 })}`, { level: 'woreda', area: 7 });
    expect(res.statusCode).toBe(200);
    // Read as a spreadsheet reads it, with a real CSV reader.
    const rows: string[][] = parse(sent[0]?.document?.text ?? '', { bom: true });
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const period = rows.find((r) => r[0] === 'period');
    expect(period?.slice(3, 5)).toEqual([`'=HYPERLINK("http://evil.example","Open")`, "'+ክልል"]);
    expect(rows.find((r) => r[0] === 'value_chain')?.slice(3, 5)).toEqual(["'@SUM(A1:A9)", "'-1+2"]);
    expect(rows.find((r) => r[0] === 'da')?.[3]).toBe("'\t=cmd");
  });

  it("passes the backend's refusal on as it is and sends nothing", async () => {
    const refusal = { status: 403, body: { detail: 'This is outside your area.' } };
    const { post, sent } = await setup(refusal);
    const res = await post(`tma ${initData({ id: 602 })}`, { level: 'woreda', area: 8 });
    expect({ status: res.statusCode, body: res.json() }).toEqual(refusal);
    expect(sent).toEqual([]);
  });

  it('answers 503 when the backend does not answer, and sends nothing', async () => {
    const t = await testApp(
      {},
      {},
      {
        reports: {
          fetchReport: async () => {
            throw new Error('connection refused');
          },
        },
      },
    );
    apps.push(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/tg/report-export',
      headers: { authorization: `tma ${initData({ id: 604 })}` },
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(t.sent).toEqual([]);
  });

  it('refuses a request without proof (401) or with a body that is not a view (400)', async () => {
    const { post, sent, asked } = await setup();
    expect((await post(undefined, {})).statusCode).toBe(401);
    expect((await post(`tma ${initData({ id: 603 })}`, { level: 'moon' })).statusCode).toBe(400);
    expect(
      (await post(`tma ${initData({ id: 603 })}`, { from: '2026-03-02', to: '2026-03-01' })).statusCode,
    ).toBe(400);
    expect(asked).toEqual([]);
    expect(sent).toEqual([]);
  });
});
