import type { Report } from '@gebere/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseCalendar } from '../../lib/i18n/dates';
import { initI18n } from '../../lib/i18n/texts';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { ReportsScreen } from './reports-screen';

configure({ asyncUtilTimeout: 5000 });

const zero = { farmers: 0, groups: 0, reach: 0, adoption: 0 };
const weeks = Array.from({ length: 12 }, (_, i) => ({
  ...zero,
  week: `2026-0${i < 8 ? 1 : 2}-${String(1 + (i % 8) * 3).padStart(2, '0')}`,
  reach: i,
}));

const woreda: Report = {
  area: { level: 'woreda', id: 7, name: 'Bahir Dar Zuria', name_am: 'ባሕር ዳር ዙሪያ' },
  trail: [],
  from: '2026-01-05',
  to: '2026-03-29',
  value_chain: null,
  weeks,
  totals: { farmers: 31, groups: 4, reach: 40, adoption: 10 },
  by_value_chain: [{ id: 2, name: 'Maize', name_am: 'በቆሎ', reach: 40, adoption: 10 }],
  by_advisory: [{ id: 9, name: 'Row planting', name_am: null, reach: 20, adoption: 15 }],
  by_area: [
    {
      level: 'kebele',
      id: 70,
      name: 'Meshenti',
      name_am: 'መሸንቲ',
      farmers: 30,
      groups: 3,
      reach: 40,
      adoption: 10,
    },
    { level: 'kebele', id: 71, name: 'Robit', name_am: null, ...zero, farmers: 1, groups: 1 },
  ],
  by_da: [{ id: 5, name: 'Almaz Bekele', farmers: 31, groups: 4, reach: 40, adoption: 10 }],
  value_chains: [
    { id: 2, name: 'Maize', name_am: 'በቆሎ' },
    { id: 3, name: 'Teff', name_am: 'ጤፍ' },
  ],
};
const kebele: Report = {
  ...woreda,
  area: { level: 'kebele', id: 70, name: 'Meshenti', name_am: 'መሸንቲ' },
  trail: [woreda.area],
  by_area: [],
};

function backend() {
  return installFakeFetch(
    route('GET', '/backend/api/reports/', (request) =>
      json(200, request.query.get('level') === 'kebele' ? kebele : woreda),
    ),
  );
}

function setup(params: Record<string, string | number> = {}) {
  openAt(`/reports?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<ReportsScreen />);
  return { user };
}

describe('Reports', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    chooseCalendar('gregorian');
    await initI18n('en');
  });

  it("shows the caller's area: totals, adoption rates and the table of its kebeles", async () => {
    const { requests } = backend();
    setup();
    expect(await screen.findByRole('heading', { name: /Woreda Bahir Dar Zuria/ })).toBeInTheDocument();
    expect(requests[0]?.query.toString()).toBe('');
    const totals = screen.getByText('Farmers registered', { selector: 'dt' }).parentElement as HTMLElement;
    expect(within(totals).getByText('31')).toBeInTheDocument();
    // adopted ÷ reached: 10 of 40, and the advisory's 15 of 20
    expect(screen.getAllByText('25%').length).toBeGreaterThan(0);
    expect(screen.getByText('75%')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'By Kebele' });
    expect(within(table).getByRole('link', { name: 'Meshenti' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'By development agent' })).getByText('Almaz Bekele'),
    ).toBeVisible();
    // the weekly bars, one chart per measure, drawn by the lazy chart chunk
    expect(
      await screen.findByRole('img', { name: 'Reach per week, the 12 weeks to 2026-03-29' }),
    ).toBeInTheDocument();
  });

  it('drills down to a kebele by tapping its row, and goes back up by the trail', async () => {
    const { requests } = backend();
    const { user } = setup();
    const row = (await screen.findByRole('link', { name: 'Robit' })).closest('tr') as HTMLElement;
    await user.click(within(row).getAllByRole('cell')[0] as HTMLElement);
    await waitFor(() => expect(requests.at(-1)?.query.get('area')).toBe('71'));
    expect(requests.at(-1)?.query.get('level')).toBe('kebele');
    const up = await screen.findByRole('link', { name: 'Back to Bahir Dar Zuria' });
    expect(up.getAttribute('href')).toMatch(/level=woreda&area=7/);
  });

  it('asks again for another period and value chain, keeping the area', async () => {
    const { requests } = backend();
    const { user } = setup({ level: 'woreda', area: 7 });
    await user.click(await screen.findByRole('button', { name: '4 weeks' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('from')).toBeTruthy());
    const q = requests.at(-1)?.query as URLSearchParams;
    expect(Date.parse(q.get('to') as string) - Date.parse(q.get('from') as string)).toBe(27 * 86_400_000);
    expect(q.get('area')).toBe('7');
    await user.selectOptions(await screen.findByRole('combobox'), 'Teff');
    await waitFor(() => expect(requests.at(-1)?.query.get('value_chain')).toBe('3'));
    expect(await screen.findByText(/farmers and groups count in every value chain/)).toBeInTheDocument();
  });

  it('speaks Amharic, with the areas’ Amharic names', async () => {
    backend();
    await initI18n('am');
    setup({ lang: 'am' });
    expect(await screen.findByRole('heading', { name: /ወረዳ ባሕር ዳር ዙሪያ/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'መሸንቲ' })).toBeInTheDocument();
    expect(screen.getByText('የተመዘገቡ አርሶ አደሮች', { selector: 'dt' })).toBeInTheDocument();
  });

  // 2026-01-05 to 2026-03-29 is Tahsas 27 to Megabit 20, 2018 E.C.; the first week, 2026-01-01, Tahsas 23.
  it('writes the period and the weeks in the Ethiopian calendar in Amharic', async () => {
    backend();
    await initI18n('am');
    setup({ lang: 'am' });
    expect(await screen.findByText('ከታኅሣሥ 27 ቀን 2018 ዓ.ም. እስከ መጋቢት 20 ቀን 2018 ዓ.ም.')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'ተደራሽነት በሳምንት፣ እስከ መጋቢት 20 ቀን 2018 ዓ.ም. ያሉት 12 ሳምንታት' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('ታኅሣ 23').length).toBe(4)); // one label per chart
    expect(screen.queryByRole('group', { name: 'የቀን አቆጣጠር' })).toBeNull(); // no other calendar to choose
  });

  it('lets an English reader choose the Ethiopian calendar, and keeps the choice on the phone', async () => {
    backend();
    const { user } = setup();
    expect(await screen.findByText('From 2026-01-05 to 2026-03-29')).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Calendar' });
    expect(within(choice).getByRole('button', { name: 'Gregorian' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(choice).getByRole('button', { name: 'Ethiopian' }));
    expect(await screen.findByText('From Tahsas 27, 2018 E.C. to Megabit 20, 2018 E.C.')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Reach per week, the 12 weeks to Megabit 20, 2018 E.C.' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('gebere:calendar')).toBe('ethiopian');
    await user.click(within(choice).getByRole('button', { name: 'Gregorian' }));
    expect(await screen.findByText('From 2026-01-05 to 2026-03-29')).toBeInTheDocument();
  });

  it('asks the server to send this view as CSV to the chat, and says so', async () => {
    const { requests } = installFakeFetch(
      route('GET', '/backend/api/reports/', () => json(200, woreda)),
      route('POST', '/tg/report-export', () => json(200, { sent: true })),
    );
    const { user } = setup({ level: 'woreda', area: 7, value_chain: 2 });
    await user.click(await screen.findByRole('button', { name: 'Send as CSV to the chat' }));
    expect(await screen.findByText('The file was sent to your chat with the bot.')).toBeInTheDocument();
    const post = requests.find((r) => r.path === '/tg/report-export');
    expect(post?.body).toEqual({ level: 'woreda', area: 7, value_chain: 2 });
    expect(post?.headers.Authorization).toMatch(/^link \/reports\?/);
  });

  it('says why an export was held back (429: too many files just now)', async () => {
    const detail = 'Too many report files sent to the chat in a short time. Try again in 41 seconds.';
    installFakeFetch(
      route('GET', '/backend/api/reports/', () => json(200, woreda)),
      route('POST', '/tg/report-export', () => json(429, { detail })),
    );
    const { user } = setup({ level: 'woreda', area: 7 });
    await user.click(await screen.findByRole('button', { name: 'Send as CSV to the chat' }));
    expect(await screen.findByText(new RegExp(detail.replace(/[.]/g, '\\.')))).toBeInTheDocument();
  });

  it("shows the server's refusal in the user's language", async () => {
    installFakeFetch(
      route('GET', '/backend/api/reports/', () => json(403, { detail: 'This is outside your area.' })),
    );
    setup({ level: 'woreda', area: 8 });
    expect(await screen.findByText('This is outside your area.')).toBeInTheDocument();
  });
});
