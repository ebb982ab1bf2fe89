import { type AreaPath, asList, type DaEnrolment } from '@gebere/contract';
import { CliError, expectWords, parsePhone } from './args';
import { type Backend, everyPage } from './backend-client';
import type { Command } from './command';
import { displayPhone, maskPhone } from './output';

/**
 * Who becomes a DA (docs/authorization.md, "Verification status"): the registrations waiting for
 * a decision, and the operator's own decision on one. The bot asks the supervisors whose grant
 * covers a DA's kebele; an operator decides where there is none, or above them.
 */

const RULE_LINES = [
  "A DA registers through the bot's form. The organisation's roster (gebere import roster) makes",
  'them VERIFIED at once for the kebele it lists them in; anyone else waits, PENDING, until a',
  'supervisor whose area contains the kebele approves in the chat, or an operator decides here.',
];

/** `2026-05-01 10:22 UTC` from the backend's ISO time. */
export const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** `kebele:123 Danamariyam, woreda Bahir Dar Zuria, zone West Gojjam, region Amhara`. */
export const areaText = (a: AreaPath) =>
  `kebele:${a.kebele.id} ${a.kebele.name}, woreda ${a.woreda.name}, zone ${a.zone.name}, region ${a.region.name}`;

const fullName = (e: DaEnrolment) => [e.da.first_name, e.da.father_name, e.da.grand_father_name].join(' ');

/** Who decided, as an operator reads it; phones masked. */
export function decidedBy(e: DaEnrolment): string {
  const by = e.decided_by;
  if (!by) return '';
  const on = e.decided_at ? ` on ${when(e.decided_at)}` : '';
  switch (by.kind) {
    case 'supervisor':
      return `by supervisor ${by.name ?? '?'}${by.phone_number ? ` (${maskPhone(by.phone_number)})` : ''}${on}`;
    case 'operator':
      return `by an operator${on}`;
    case 'seed':
      return `by the demo data${on}`;
    case 'before':
      return `as a DA verified before this rule${on}`;
  }
}

/** The supervisors the bot asked, and whether the message went. */
export function askedText(e: DaEnrolment, show: (phone: string) => string): string {
  if (e.asked.length === 0) return 'nobody (no supervisor covers the kebele): an operator decides';
  return e.asked
    .map((a) => `${a.name}${a.phone_number ? ` ${show(a.phone_number)}` : ''} (${a.message})`)
    .join(', ');
}

export const pendingCommand: Command = {
  name: 'pending',
  args: '[--unmask]',
  summary: 'List the DA registrations waiting for a decision',
  details: [
    ...RULE_LINES,
    'Each shows the DA, their phone (masked unless --unmask), kebele, role, since when, and which',
    'supervisors were asked. Decide with `gebere approve <phone>` or `gebere reject <phone>`.',
  ],
  options: ['unmask'],
  async run(words, { out, backend, flags }) {
    expectWords(words, [], 'pending');
    const show = flags.has('unmask') ? displayPhone : maskPhone;
    const b = backend();
    const waiting = await everyPage((page) =>
      b.call('listDaEnrolments', { query: { status: 'pending', ...page } }),
    );
    if (waiting.length === 0) {
      out.out('No registrations are waiting.');
      return;
    }
    for (const e of waiting) {
      out.out(`${fullName(e)}  ${show(e.da.phone_number)}  ${e.da.role ?? 'no role'}`);
      out.out(`  ${areaText(e.area)}`);
      out.out(`  waiting since ${when(e.created_at)}; asked: ${askedText(e, show)}`);
    }
    out.out(`${waiting.length} waiting`);
  },
};

/** The request of the DA with this phone, for the kebele they are in now. */
async function requestOf(b: Backend, phone: string): Promise<DaEnrolment> {
  const { data } = await b.call('listDaEnrolments', { query: { phone_number: phone, paginate: 'false' } });
  const found = asList(data).at(-1);
  if (!found)
    throw new CliError(
      `no DA registration for ${displayPhone(phone)} waits or was decided: \`gebere who ${displayPhone(phone)}\` ` +
        'shows what is known of it',
    );
  return found;
}

function decideCommand(name: 'approve' | 'reject'): Command {
  const decision = name === 'approve' ? 'approved' : 'rejected';
  return {
    name,
    args: '<phone>',
    summary:
      name === 'approve'
        ? "Approve a DA's registration for their kebele (they become VERIFIED)"
        : "Reject a DA's registration (they become REJECTED)",
    details: [
      ...RULE_LINES,
      "Phone: the DA's Telegram phone, e.g. 0911234567, 911234567 or +251911234567.",
      "An operator's decision stands: it overturns a supervisor's, and a rejection moves with the",
      'DA to a new Telegram account. The DA is told in the chat, in their language.',
      `Example: gebere ${name} 0911234567`,
    ],
    async run(words, { out, backend }) {
      expectWords(words, ['phone'], name);
      const phone = parsePhone(words[0] as string, name);
      const b = backend();
      const request = await requestOf(b, phone);
      const who = `${fullName(request)} (${displayPhone(phone)}, DA profile ${request.da.id})`;
      if (request.status === decision) {
        out.out(`${who} is already ${decision} ${decidedBy(request)}, for ${areaText(request.area)}.`);
        return;
      }
      const before = request.status === 'pending' ? '' : ` (was ${request.status} ${decidedBy(request)})`;
      const { data } = await b.call('decideDaEnrolment', {
        params: { id: request.id },
        body: { decision },
      });
      out.out(
        `${name === 'approve' ? 'Approved' : 'Rejected'} ${who} for ${areaText(data.enrolment.area)}${before}.`,
      );
      out.out(
        data.enrolment.bot_user
          ? 'They are told in the chat; it applies within a few seconds on every copy of the server.'
          : 'No Telegram account holds the profile now: it applies when the DA shares their contact.',
      );
    },
  };
}

export const approveCommand = decideCommand('approve');
export const rejectCommand = decideCommand('reject');
