import type { ApiError } from '@gebere/api-client';
import { GRANT_ROLES, type RoleGrant } from '@gebere/contract';
import { resolveArea } from './areas';
import { type Area, expectWords, formatArea, parseArea, parsePhone, parseRole } from './args';
import { everyPage } from './backend-client';
import type { Command, CommandContext } from './command';
import { pausedByRevoke } from './notifications';
import { displayPhone, maskPhone, table } from './output';

const TAKES_EFFECT =
  "It applies from that user's next request (within a few seconds on every copy of the server),\n" +
  'to the Telegram account that shared this phone number with the bot.';

/** A 400 about the area: the id names no area of that level. */
const areaRefusal = (area: Area) => (error: ApiError) =>
  error.status === 400 && error.fieldErrors.location_id
    ? `no ${area.location_type} with id ${area.location_id}: \`gebere areas\` lists the ids`
    : undefined;

const ROLE_LINES = [
  'Roles:',
  '  notification_manager  creates, edits and removes location notifications for its area',
  '                        (area all: the whole country)',
  '  supervisor            reads the farmers and groups of its area',
];
const AREA_LINES = [
  'Areas: all, region:<id>, zone:<id>, woreda:<id> or kebele:<id> (a code such as region:ET03',
  'also works); `gebere areas` lists the ids.',
  'Phone: the number the user shares with the bot, e.g. 0911234567 or +251911234567.',
];

/** `<phone> <role> <area>` of grant and revoke, checked, with the area resolved to an id. */
async function grantArgs(
  words: readonly string[],
  command: 'grant' | 'revoke',
  b: ReturnType<CommandContext['backend']>,
) {
  expectWords(words, ['phone', 'role', 'area'], command);
  const [rawPhone, rawRole, rawArea] = words as [string, string, string];
  const phone = parsePhone(rawPhone, command);
  const role = parseRole(rawRole, command);
  const area = await resolveArea(parseArea(rawArea, command), b);
  return { phone, role, area, body: { phone_number: phone, role, ...area } };
}

export const grantCommand: Command = {
  name: 'grant',
  args: '<phone> <role> <area>',
  summary: 'Give a phone number a role over an area (e.g. notification manager)',
  details: [
    ...ROLE_LINES,
    ...AREA_LINES,
    'Example: gebere grant 0911234567 notification_manager region:3',
    TAKES_EFFECT,
  ],
  async run(words, { out, backend }) {
    const b = backend();
    const { phone, role, area, body } = await grantArgs(words, 'grant', b);
    const { status, data } = await b.call('createRoleGrant', { body }, areaRefusal(area));
    const what = `${role} over ${formatArea(area)}`;
    if (status === 201) {
      out.out(`Granted ${what} to ${displayPhone(phone)} (grant ${data.id}).`);
      for (const line of TAKES_EFFECT.split('\n')) out.out(line);
    } else {
      out.out(`${displayPhone(phone)} already holds ${what} (grant ${data.id}, since ${when(data)}).`);
    }
  },
};

export const revokeCommand: Command = {
  name: 'revoke',
  args: '<phone> <role> <area>',
  summary: 'Take a role over an area back from a phone number',
  details: [
    ...AREA_LINES,
    'The role and area must be those of the grant (`gebere grants <phone>` lists them).',
    'Example: gebere revoke 0911234567 notification_manager region:3',
    "It applies within a few seconds on every copy of the server. The holder's notifications that",
    'no remaining grant covers pause at once (`gebere notifications` lists them).',
  ],
  async run(words, { out, backend }) {
    const b = backend();
    const { phone, role, area, body } = await grantArgs(words, 'revoke', b);
    const { data } = await b.call('revokeRoleGrant', { body }, areaRefusal(area));
    const what = `${role} over ${formatArea(area)}`;
    if (data.revoked > 0) {
      out.out(`Revoked ${what} from ${displayPhone(phone)}.`);
      out.out('It applies within a few seconds on every copy of the server.');
      for (const line of pausedByRevoke(data.paused ?? 0, phone)) out.out(line);
    } else {
      out.out(`Nothing to revoke: ${displayPhone(phone)} holds no ${what}.`);
      out.out(`\`gebere grants ${displayPhone(phone)}\` lists what it holds.`);
    }
  },
};

export const grantsCommand: Command = {
  name: 'grants',
  args: '[phone]',
  summary: 'List the role grants, all or of one phone number',
  details: [
    'Phone numbers are shown masked (0911****67) except the one you give.',
    `Roles: ${GRANT_ROLES.join(', ')}.`,
    'Example: gebere grants 0911234567',
  ],
  async run(words, { out, backend }) {
    expectWords(words, ['phone'], 'grants', 1);
    const phone = words[0] === undefined ? undefined : parsePhone(words[0], 'grants');
    const b = backend();
    const grants = await everyPage((page) =>
      b.call('listRoleGrants', { query: { ...page, ...(phone ? { phone_number: phone } : {}) } }),
    );
    if (grants.length === 0) {
      out.out(phone ? `No grants for ${displayPhone(phone)}.` : 'No grants.');
      return;
    }
    const rows = grants.map((g) => [
      String(g.id),
      phone ? displayPhone(g.phone_number) : maskPhone(g.phone_number),
      g.role,
      formatArea(g),
      when(g),
    ]);
    for (const line of table(['ID', 'PHONE', 'ROLE', 'AREA', 'SINCE'], rows)) out.out(line);
    out.out(`${grants.length} ${grants.length === 1 ? 'grant' : 'grants'}`);
  },
};

/** `2026-05-01 10:22 UTC` from the backend's ISO time. */
const when = (g: RoleGrant) => `${g.created_at.slice(0, 16).replace('T', ' ')} UTC`;
