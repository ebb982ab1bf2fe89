import type { ApiError } from '@gebere/api-client';
import type { Advisory } from '@gebere/contract';
import type { MeAnswer } from '@gebere/contract/hub';
import { advisoryLabel } from '@gebere/contract/rules';
import { daReads } from '../../lib/api/da-reads';
import { firstGet, lightGet } from '../../lib/api/light-get';
import { localName } from '../../lib/i18n/texts';

const invalid: ApiError = {
  kind: 'invalid_response',
  status: null,
  message: 'Invalid response',
  fieldErrors: {},
};

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** The fields of `/api/me/` the hub reads, checked by hand (zod stays off the first load). */
function isMe(v: unknown): v is MeAnswer {
  if (!isObject(v) || !isId(v.telegram_id) || typeof v.chat_id !== 'number') return false;
  const { bot_user: bot, da } = v;
  if (bot !== null && !(isObject(bot) && isId(bot.id) && typeof bot.verification_status === 'string'))
    return false;
  if (da !== null && !(isObject(da) && isId(da.id) && isId(da.kebele))) return false;
  return (v.report_user === null || isId(v.report_user)) && Array.isArray(v.grants);
}

export type MeResult = { ok: true; me: MeAnswer } | { ok: false; error: ApiError };

/**
 * Who the user is (`GET /api/me/`, from the launch's initData): the hub's first request as its
 * plan in the screen registry declares it (the early script sends it while the app loads; this
 * adopts that answer once). Never throws.
 */
export async function fetchMe(): Promise<MeResult> {
  const result = await firstGet('home', {});
  if (!result.ok) return result;
  return isMe(result.data) ? { ok: true, me: result.data } : { ok: false, error: invalid };
}

export interface GroupOption {
  id: number;
  name: string;
}
export type GroupsResult = { ok: true; groups: GroupOption[] } | { ok: false; error: ApiError };

/** The development groups of the DA's kebele, for the record screens' `selectedids`. Never throws. */
export async function fetchKebeleGroups(kebele: number): Promise<GroupsResult> {
  const result = await lightGet(...daReads.kebeleGroups(kebele));
  if (!result.ok) return result;
  const list = Array.isArray(result.data) ? result.data : [];
  const groups = list.filter((g): g is { id: number; group_name: string } => isObject(g) && isId(g.id));
  if (!groups.every((g) => typeof g.group_name === 'string')) return { ok: false, error: invalid };
  return { ok: true, groups: groups.map((g) => ({ id: g.id, name: g.group_name })) };
}

export interface AdvisoryOption {
  id: number;
  /** Its title or the start of its text, in the reader's language ('' when it has neither). */
  label: string;
}
export type AdvisoriesResult = { ok: true; advisories: AdvisoryOption[] } | { ok: false; error: ApiError };

/**
 * The advisories for the DA's kebele (targeted at it or an area containing it) that have feedback
 * questions, most recent first: the first page, as many as a DA gives feedback on. Each labelled
 * by spec §2's rule (its label, else the start of its text, else its sub-practice's name). An
 * organisation's backend that ignores `with_questions` still lists none without questions.
 * Never throws.
 */
export async function fetchKebeleAdvisories(kebele: number, lang: string): Promise<AdvisoriesResult> {
  // The contract (zod) is the lazy first-call chunk, as on the reach screen.
  const { formatAdvisoryLocation } = await import('@gebere/contract');
  const result = await lightGet(...daReads.areaAdvisories(formatAdvisoryLocation('kebele', kebele)));
  if (!result.ok) return result;
  const page: unknown = result.data;
  const list = isObject(page) && Array.isArray(page.results) ? page.results : null;
  if (!list?.every((a) => isObject(a) && isId(a.id) && Array.isArray(a.template_content)))
    return { ok: false, error: invalid };
  const subPractice = (a: Advisory) =>
    localName(
      { name: a.sub_practice_name ?? '', name_am: a.sub_practice_name_am, name_om: a.sub_practice_name_om },
      lang,
    );
  return {
    ok: true,
    advisories: (list as Advisory[])
      .filter((a) => Array.isArray(a.feedback_questions) && a.feedback_questions.length > 0)
      .map((a) => ({ id: a.id, label: advisoryLabel(a, lang, subPractice(a)) })),
  };
}
