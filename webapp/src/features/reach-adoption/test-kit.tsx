import type { Advisory, DevelopmentGroup, FarmerListed, HierarchyItem } from '@gebere/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { json, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { ReachAdoptionScreen } from './reach-adoption-screen';

/**
 * A fake extension backend for the reach/adoption component tests: the lists of spec §7 and
 * the record routes, storing records idempotently (as the real backend does) so a test can
 * prove nothing was duplicated. Answers match the contract (the API client checks them).
 */

export const DA = 7;
export const KEBELE = 501;

export const groups: DevelopmentGroup[] = [
  { id: 11, group_name: 'Tesfa', group_type: 'mixed', kebele: KEBELE, created_by: DA },
  { id: 12, group_name: 'Andinet', group_type: 'women_only', kebele: 502, created_by: DA },
];

const farmer = (id: number, a: string, b: string, c: string): FarmerListed => ({
  id,
  farmer_name: a,
  father_name: b,
  grand_father_name: c,
});
export const farmers: Record<number, FarmerListed[]> = {
  11: [
    farmer(101, 'Abebe', 'Kebede', 'nan'),
    farmer(102, 'Almaz', 'nan', 'Desta'),
    farmer(103, 'Chala', 'Tolosa', 'Gemechu'),
  ],
  12: [],
};

const item = (id: number, name: string, name_am: string | null = null): HierarchyItem => ({
  id,
  name,
  name_am,
});
export const categories = [
  item(1, 'Plant science', 'የእፅዋት ሳይንስ'),
  item(2, 'Animal science', 'የእንስሳት ሳይንስ'),
  item(3, 'Natural resource management'),
];
export const valueChains: Record<number, (HierarchyItem & { category: number })[]> = {
  1: [
    { ...item(10, 'Teff', 'ጤፍ'), category: 1 },
    { ...item(11, 'Wheat', 'ስንዴ'), category: 1 },
  ],
  2: [{ ...item(20, 'Dairy'), category: 2 }],
  3: [],
};
export const practices: Record<number, (HierarchyItem & { value_chain: number })[]> = {
  10: [
    { ...item(100, 'Row planting', 'በመስመር መዝራት'), value_chain: 10 },
    { ...item(101, 'Fertilizer use'), value_chain: 10 },
  ],
  11: [{ ...item(110, 'Disease control'), value_chain: 11 }],
  20: [{ ...item(200, 'Feeding'), value_chain: 20 }],
};
export const subPractices: Record<number, (HierarchyItem & { practice: number })[]> = {
  100: [{ ...item(1000, 'Seed rate', 'የዘር መጠን'), practice: 100 }],
  101: [
    { ...item(1010, 'Urea top dressing'), practice: 101 },
    { ...item(1011, 'DAP at planting'), practice: 101 },
  ],
  110: [{ ...item(1100, 'Spray timing'), practice: 110 }],
  200: [{ ...item(2000, 'Silage'), practice: 200 }],
};

export const LONG_TEXT =
  'Apply 50 kg of urea per hectare in two splits: half at tillering and half at the booting stage, when the soil is moist.';
const advisory = (
  id: number,
  sub_practice: number,
  value_chain: number,
  label: string | null,
  template_content: string[],
  created_at: string,
): Advisory => ({
  id,
  label,
  template_content,
  sub_practice,
  value_chain,
  created_at,
  feedback_questions: [],
});
export const advisories: Advisory[] = [
  advisory(5, 1000, 10, 'Teff seed rate, 2024', ['Use 5–7 kg/ha.'], '2024-06-05T07:30:00.000Z'),
  {
    ...advisory(
      6,
      1000,
      10,
      'Teff seed rate, 2025 meher season',
      ['Use 5 kg/ha of Quncho.'],
      '2025-06-01T07:30:00.000Z',
    ),
    label_am: 'የጤፍ ዘር መጠን፣ የ2025 የመኸር ወቅት',
    template_content_am: ['በሄክታር 5 ኪ.ግ የቁንጮ ዘር ይጠቀሙ።'],
  },
  advisory(4, 1000, 10, 'Teff seed rate, 2023', ['Old.'], '2023-06-01T07:30:00.000Z'),
  advisory(7, 1010, 10, null, [LONG_TEXT], '2025-01-01T00:00:00.000Z'),
  advisory(8, 1100, 11, null, [], '2025-01-01T00:00:00.000Z'),
  advisory(9, 2000, 20, 'Silage making', ['Chop and seal.'], '2025-01-01T00:00:00.000Z'),
];

export interface FakeBackend {
  /** Every record the backend holds, `farmer:advisory` → how many times it was written new. */
  stored: Map<string, number>;
  handler: (req: SeenRequest) => Promise<Response | undefined>;
}

type RecordHook = (req: SeenRequest) => Response | Promise<Response | undefined> | undefined;

/**
 * `hooks.batch` / `hooks.single` may answer a record call first (inject failures); returning
 * undefined lets the fake backend answer normally.
 */
export function fakeBackend(hooks: { batch?: RecordHook; single?: RecordHook } = {}): FakeBackend {
  const stored = new Map<string, number>();
  const ids = new Map<string, number>();
  const write = (farmerId: number, advisoryId: number) => {
    const key = `${farmerId}:${advisoryId}`;
    if (!ids.has(key)) {
      ids.set(key, ids.size + 1);
      stored.set(key, (stored.get(key) ?? 0) + 1);
      return { id: ids.get(key) as number, created: true };
    }
    return { id: ids.get(key) as number, created: false };
  };
  const known = (f: number, a: number) =>
    Object.values(farmers).some((l) => l.some((x) => x.id === f)) && advisories.some((x) => x.id === a);

  const handler = async (req: SeenRequest): Promise<Response | undefined> => {
    const p = req.path.replace(/^\/backend/, '');
    const q = req.query;
    /** The number in `p` where the pattern has `(\d+)`, or undefined when `p` is another path. */
    const idIn = (pattern: RegExp) => {
      const found = p.match(pattern)?.[1];
      return found === undefined ? undefined : Number(found);
    };
    if (req.method === 'GET') {
      const groupId = idIn(/^\/api\/development-groups\/(\d+)\/$/);
      if (groupId !== undefined) {
        const g = groups.find((x) => x.id === groupId);
        return g ? json(200, g) : json(404, { detail: 'Not found.' });
      }
      if (p === '/api/farmer-profiles/')
        return json(200, farmers[Number(q.get('outbound_development_group'))] ?? []);
      // My farmers' list, which the hub's read-ahead keeps too.
      if (p === '/api/farmers/') return json(200, []);
      const adoptionGroup = idIn(/^\/api\/farmerlist-adoption\/(\d+)\/$/);
      if (adoptionGroup !== undefined) return json(200, farmers[adoptionGroup] ?? []);
      if (p === '/api/value-chain-categories/') return json(200, categories);
      const category = idIn(/^\/api\/value-chains\/(\d+)\/$/);
      if (category !== undefined) return json(200, valueChains[category] ?? []);
      if (p === '/api/practices/') return json(200, practices[Number(q.get('value_chain_id'))] ?? []);
      const practice = idIn(/^\/api\/sub-practices\/subpractices_by_practice\/(\d+)\/$/);
      if (practice !== undefined) return json(200, subPractices[practice] ?? []);
      if (p === '/api/advisory/') {
        const results = advisories.filter(
          (a) =>
            a.sub_practice === Number(q.get('sub_practice')) &&
            (!q.get('value_chain') || a.value_chain === Number(q.get('value_chain'))),
        );
        return json(200, { count: results.length, next: null, previous: null, results });
      }
    }
    if (req.method === 'POST') {
      const body = req.body as Record<string, unknown>;
      if (p === '/api/reach-farmers/batch/' || p === '/api/adoption/batch/') {
        const hooked = await hooks.batch?.(req);
        if (hooked) return hooked;
        const records = body.records as { farmer: number; advisory: number }[];
        const results = records.map((r) =>
          known(r.farmer, r.advisory)
            ? { ...r, ok: true, ...write(r.farmer, r.advisory) }
            : { ...r, ok: false, errors: { farmer: [`Invalid pk "${r.farmer}" - object does not exist.`] } },
        );
        const recorded = results.filter((r) => r.ok).length;
        return json(200, { recorded, failed: results.length - recorded, results });
      }
      if (p === '/api/reach-farmers/' || p === '/api/adoption/') {
        const hooked = await hooks.single?.(req);
        if (hooked) return hooked;
        const f = Number(body.farmer);
        const a = Number(body.advisory);
        const { id, created } = write(f, a);
        return json(created ? 201 : 200, { ...body, id, created_at: '2025-07-01T00:00:00.000Z' });
      }
    }
    if (req.path === '/tg/result') return json(200, { delivered: 'chat_message' });
    return undefined;
  };
  return { stored, handler };
}

/** Opens the screen at the bot's link: user_id 7, groups 11 and 12, kebele 501 unless told. */
export function openScreen(kind: 'reach' | 'adoption', params: Record<string, string | number> = {}) {
  const path = kind === 'reach' ? '/record_reach' : '/record_adoption';
  const query = { chatid: 1000001, user_id: DA, selectedids: '11,12', kebele_id: KEBELE, ...params };
  for (const [k, v] of Object.entries(query)) if (v === '') delete (query as Record<string, unknown>)[k];
  openAt(`${path}?${signedQuery(query)}`);
  return renderInApp(<ReachAdoptionScreen kind={kind} />);
}

/** The Section of a hierarchy level (data-level), to look inside it. */
export const level = (name: string) => {
  const el = document.querySelector(`[data-level="${name}"]`);
  if (!el) throw new Error(`level ${name} is not shown`);
  return within(el as HTMLElement);
};
export const levelShown = (name: string) => document.querySelector(`[data-level="${name}"]`) !== null;

export const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name });

export const FARMERS = [101, 102, 103];
export const ADVISORIES = [9, 6]; // Silage making; Teff seed rate, 2025 meher season

/** Three farmers of Tesfa (FARMERS) and two advisories (ADVISORIES): six pairs. */
export async function selectSixPairs(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Tesfa/ }));
  await user.click(await screen.findByRole('checkbox', { name: 'Select all · Tesfa' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Animal science' }));
  await screen.findByRole('checkbox', { name: 'Silage making' });
  await user.click(checkbox('Plant science'));
  await user.click(await screen.findByRole('checkbox', { name: 'Teff' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Row planting' }));
  await screen.findByRole('checkbox', { name: 'Teff seed rate, 2025 meher season' });
  expect(screen.getByText('3 farmers and 2 advisories selected')).toBeInTheDocument();
}

/** Opens the screen, selects the six pairs and presses Submit, as a DA does. */
export async function submitSixPairs(kind: 'reach' | 'adoption') {
  const user = userEvent.setup({ delay: null });
  openScreen(kind);
  await selectSixPairs(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

/**
 * A batch answer in which `farmer`'s pairs are refused with `message` and the rest are recorded
 * by `backend` as usual (its handler is asked for them: a batch hook must let that call through).
 */
export async function refuseFarmerInBatch(
  backend: FakeBackend,
  req: SeenRequest,
  farmer: number,
  message: string,
): Promise<Response> {
  const records = (req.body as { records: { farmer: number; advisory: number }[] }).records;
  const rest = records.filter((r) => r.farmer !== farmer);
  const ok = await backend.handler({ ...req, body: { ...(req.body as object), records: rest } });
  const answer = (await ok?.json()) as { results: unknown[] };
  const results = records.map((r) =>
    r.farmer === farmer
      ? { ...r, ok: false, errors: { non_field_errors: [message] } }
      : answer.results[rest.findIndex((x) => x.farmer === r.farmer && x.advisory === r.advisory)],
  );
  return json(200, { recorded: rest.length, failed: records.length - rest.length, results });
}
