import { expectWords, formatArea, parsePhone } from './args';
import type { Command } from './command';
import { areaText, askedText, decidedBy, when } from './enrolment';
import { displayPhone, maskPhone } from './output';

export const whoCommand: Command = {
  name: 'who',
  args: '<phone>',
  summary: 'Show what the server knows of a phone number: DA profile, bot user, grants, registration',
  details: [
    'The DA profile (names, kebele with its area names, role), the bot user (Telegram id,',
    'language, status, whether the phone is verified), the roster entry, grants and registration',
    'requests, and how many writes the audit trail holds by and about them. Phone numbers other',
    'than the one you give are masked.',
    'Example: gebere who 0911234567',
  ],
  async run(words, { out, backend }) {
    expectWords(words, ['phone'], 'who');
    const phone = parsePhone(words[0] as string, 'who');
    const { data: p } = await backend().call('findPerson', { query: { phone_number: phone } });
    const shown = displayPhone(phone);
    out.out(`Phone ${shown}`);
    if (p.da_profiles.length === 0) out.out('DA profile: none');
    for (const d of p.da_profiles) {
      out.out(
        `DA profile ${d.id}: ${d.first_name} ${d.father_name} ${d.grand_father_name}, ${d.role_name ?? 'no role'}`,
      );
      out.out(`  ${areaText(d.area)}`);
      const other = d.phone_number === phone ? d.telegram_phone_number : d.phone_number;
      if (other !== phone)
        out.out(`  ${d.phone_number === phone ? 'Telegram phone' : 'work phone'} ${maskPhone(other)}`);
    }
    const u = p.bot_user;
    out.out(
      u
        ? `Bot user ${u.id}: Telegram ${u.telegram_id} (${u.first_name}), language ${u.language}, ` +
            `${u.verification_status}${u.status_by_operator ? ' (set by an operator)' : ''}, ` +
            `phone verified${u.da_profile ? `, DA profile ${u.da_profile}` : ', no DA profile'}`
        : 'Bot user: none has shared this phone with the bot',
    );
    out.out(
      p.roster ? `Roster: ${areaText(p.roster.kebele)}, ${p.roster.role ?? 'no role'}` : 'Roster: not listed',
    );
    if (p.grants.length === 0) out.out('Grants: none');
    for (const g of p.grants)
      out.out(`Grant ${g.id}: ${g.role} over ${formatArea(g)} since ${when(g.created_at)}`);
    if (p.enrolments.length === 0) out.out('Registration requests: none');
    for (const e of p.enrolments) {
      const state =
        e.status === 'pending'
          ? `pending since ${when(e.created_at)}; asked: ${askedText(e, maskPhone)}`
          : `${e.status} ${decidedBy(e)}`;
      out.out(`Registration ${e.id} for kebele:${e.area.kebele.id} ${e.area.kebele.name}: ${state}`);
    }
    const line = (what: string, a: (typeof p.audit)['by']) =>
      a.last
        ? `${what}: ${a.count}, the last ${when(a.last.at)} (${a.last.route ?? 'no route'}, ` +
          `${a.last.table_name}${a.last.record_id === null ? '' : `:${a.last.record_id}`})`
        : `${what}: none`;
    out.out(line('Audit, writes by this phone', p.audit.by));
    out.out(line('Audit, changes to this person', p.audit.about));
    if (p.audit.by.count + p.audit.about.count > 0) out.out(`  gebere audit --phone ${shown} lists them`);
  },
};
