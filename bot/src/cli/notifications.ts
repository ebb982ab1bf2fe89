import type { ApiError } from '@gebere/api-client';
import type { LocationNotification } from '@gebere/contract';
import { formatArea, parsePhone, usageError } from './args';
import { everyPage } from './backend-client';
import type { Command, CommandContext } from './command';
import { displayPhone, maskPhone, table } from './output';

const NAME_SHOWN = 30;

/** Why a notification is not sent, as the operator reads it. */
const state = (n: LocationNotification) =>
  n.paused === 'grant'
    ? "paused: its creator's grants no longer cover its area"
    : n.paused === 'operator'
      ? 'paused: stopped by an operator'
      : 'being sent';

const schedule = (n: LocationNotification) =>
  n.send_now ? 'send now' : `${n.frequency ?? '?'}, every ${n.interval ?? '?'}`;

/** A name on one line, cut: names written before control characters were refused may hold some. */
const shortName = (name: string) => {
  const flat = name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > NAME_SHOWN ? `${chars.slice(0, NAME_SHOWN - 1).join('')}…` : flat;
};

const label = (n: LocationNotification) => `notification ${n.id} ("${shortName(n.name)}")`;

const parseId = (raw: string | undefined, action: string): number => {
  if (raw !== undefined && /^\d{1,15}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw usageError(
    `notifications ${action}: give the notification's id, e.g. gebere notifications ${action} 12 (\`gebere notifications\` lists them)`,
    'notifications',
  );
};

/** 404: no such notification; 409: the server says why (removed, or no grant covers it). */
const refusal = (id: number, action: string) => (error: ApiError) => {
  if (error.status === 404) return `no notification ${id}: \`gebere notifications\` lists them`;
  if (error.status === 409) return `notification ${id} cannot ${action}: ${error.detail ?? error.message}`;
  return undefined;
};

async function list({ out, backend, options, flags }: CommandContext): Promise<void> {
  const phone = options.phone === undefined ? undefined : parsePhone(options.phone, 'notifications');
  const paused = flags.has('paused');
  const b = backend();
  const found = await everyPage((page) =>
    b.call('listNotifications', {
      query: {
        ...page,
        ...(phone ? { phone_number: phone } : {}),
        ...(paused ? { paused: 'true' as const } : {}),
      },
    }),
  );
  const whose = phone ? ` of ${displayPhone(phone)}` : '';
  if (found.length === 0) {
    out.out(paused ? `No paused notifications${whose}.` : `No active notifications${whose}.`);
    return;
  }
  const rows = found.map((n) => [
    String(n.id),
    n.creator_phone === null ? '-' : phone ? displayPhone(n.creator_phone) : maskPhone(n.creator_phone),
    shortName(n.name),
    formatArea({ location_type: n.location_type, location_id: n.location_id ?? null }),
    schedule(n),
    state(n),
  ]);
  for (const line of table(['ID', 'CREATOR', 'NAME', 'TARGET', 'SCHEDULE', 'STATE'], rows)) out.out(line);
  const pausedCount = found.filter((n) => n.paused).length;
  out.out(
    `${found.length} ${found.length === 1 ? 'notification' : 'notifications'}` +
      (paused ? '' : `, ${pausedCount} paused`),
  );
}

async function stop(id: number, { out, backend }: CommandContext): Promise<void> {
  const b = backend();
  const before = (await b.call('getNotificationDetails', { params: { id } }, refusal(id, 'stop'))).data;
  if (before.active && before.paused) {
    out.out(`${label(before)} is already ${state(before)}.`);
    return;
  }
  const { data } = await b.call('pauseNotification', { params: { id } }, refusal(id, 'stop'));
  out.out(`Stopped ${label(data)}: it is kept, and nothing of it is sent until it is resumed`);
  out.out(`(its deliveries still queued are cancelled). \`gebere notifications resume ${id}\` resumes it.`);
}

async function resume(id: number, { out, backend }: CommandContext): Promise<void> {
  const b = backend();
  const before = (await b.call('getNotificationDetails', { params: { id } }, refusal(id, 'resume'))).data;
  if (before.active && !before.paused) {
    out.out(`${label(before)} is not paused: it is being sent.`);
    return;
  }
  const { data } = await b.call('resumeNotification', { params: { id } }, refusal(id, 'resume'));
  out.out(`Resumed ${label(data)}: its next occurrence goes out as scheduled`);
  out.out('(deliveries cancelled while it was paused are not sent again).');
}

export const notificationsCommand: Command = {
  name: 'notifications',
  args: '[stop <id> | resume <id>] [--phone <phone>] [--paused]',
  summary: 'List active notifications (paused ones marked), or stop or resume one',
  details: [
    'gebere notifications [--phone <phone>] [--paused]',
    "  lists the active notifications, all or of one creator's phone (other phones are masked),",
    '  with their target, schedule and state; --paused lists only the paused ones.',
    'gebere notifications stop <id>',
    '  pauses one: it is kept (its creator sees it as paused), and nothing of it is sent, not even',
    '  the deliveries already queued, until it is resumed.',
    'gebere notifications resume <id>',
    '  sends a paused one again from its next occurrence. Refused while its creator holds no',
    '  notification_manager grant covering its target (grant one first).',
    "Revoking a grant pauses at once its holder's notifications that no remaining grant covers;",
    'a new grant does not resume them: resume each one you mean to.',
    'Example: gebere notifications --phone 0911234567 --paused',
  ],
  options: ['phone', 'paused', 'lang'],
  async run(words, ctx) {
    const [action, rawId, ...rest] = words;
    if (action === undefined) return list(ctx);
    if (action !== 'stop' && action !== 'resume')
      throw usageError(
        `notifications: unknown action "${action}": use stop <id> or resume <id>`,
        'notifications',
      );
    if (rest.length > 0) throw usageError(`notifications: unexpected "${rest.join(' ')}"`, 'notifications');
    if (ctx.options.phone !== undefined || ctx.flags.has('paused'))
      throw usageError(`notifications ${action}: --phone and --paused are for the list`, 'notifications');
    const id = parseId(rawId, action);
    if (action === 'stop') await stop(id, ctx);
    else await resume(id, ctx);
  },
};

/** What `gebere revoke` adds when the revocation paused notifications. */
export function pausedByRevoke(paused: number, phone: string): string[] {
  if (paused === 0) return [];
  const shown = displayPhone(phone);
  return [
    `Paused ${paused} ${paused === 1 ? 'notification' : 'notifications'} of ${shown}: no grant of theirs covers ${paused === 1 ? 'its' : 'their'} area any more.`,
    `\`gebere notifications --phone ${shown} --paused\` lists them; \`gebere notifications resume <id>\` resumes one once a grant covers it.`,
  ];
}
