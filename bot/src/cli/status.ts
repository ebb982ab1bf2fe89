import { asList, type BotUser, VERIFICATION_STATUSES } from '@gebere/contract';
import { CliError, expectWords, type PersonRef, parsePersonRef, parseStatus } from './args';
import type { Backend } from './backend-client';
import type { Command } from './command';
import { displayPhone } from './output';

type Found = Pick<BotUser, 'id' | 'telegram_id' | 'verification_status' | 'da_profile'>;

/** The bot user of a phone (the one that shared it) and of a Telegram id, as the reference allows. */
async function findUser(b: Backend, ref: PersonRef): Promise<{ user: Found; by: 'phone' | 'telegram' }> {
  const byPhone = ref.phone
    ? (await b.call('findPerson', { query: { phone_number: ref.phone } })).data.bot_user
    : null;
  const byTelegram =
    ref.telegramId === undefined
      ? null
      : (asList(
          (await b.call('findBotUsers', { query: { telegram_id: ref.telegramId, paginate: 'false' } })).data,
        )[0] ?? null);
  if (byPhone && byTelegram && byPhone.id !== byTelegram.id)
    throw new CliError(
      `${ref.telegramId} is both a phone number and a Telegram id here: write 0${ref.phone} for the phone, ` +
        `or tg:${ref.telegramId} for the Telegram id`,
    );
  if (byPhone) return { user: byPhone, by: 'phone' };
  if (byTelegram) return { user: byTelegram, by: 'telegram' };
  if (ref.phone)
    throw new CliError(
      `no bot user has the phone ${displayPhone(ref.phone)}: the user must start the bot (/start) and share ` +
        'their contact first',
    );
  throw new CliError(
    `no bot user with Telegram id ${ref.telegramId}: the user must start the bot (/start) first`,
  );
}

export const statusCommand: Command = {
  name: 'status',
  args: '<phone|telegram-id> <PENDING|VERIFIED|REJECTED>',
  summary: "Set a bot user's verification status (REJECTED stops a DA at once)",
  details: [
    `Statuses: ${VERIFICATION_STATUSES.join(', ')}. Only a VERIFIED DA acts as a DA; VERIFIED needs`,
    'an account linked to a DA profile. The user must have started the bot.',
    'The user: the phone they shared with the bot (0911234567, +251911234567) or their Telegram id',
    '(tg:123456789; bare digits that could be either are looked up as both).',
    "VERIFIED and REJECTED decide the DA's registration for their kebele, as gebere approve|reject do.",
    'Example: gebere status 0911234567 REJECTED',
    'It applies within a few seconds on every copy of the server.',
  ],
  async run(words, { out, backend }) {
    expectWords(words, ['phone|telegram-id', 'status'], 'status');
    const [rawRef, rawStatus] = words as [string, string];
    const ref = parsePersonRef(rawRef, 'status');
    const status = parseStatus(rawStatus, 'status');
    const b = backend();
    const { user, by } = await findUser(b, ref);
    const telegram = `Telegram ${user.telegram_id}${user.da_profile ? `, DA profile ${user.da_profile}` : ''}`;
    const who =
      by === 'phone'
        ? `${displayPhone(ref.phone as string)} (bot user ${user.id}, ${telegram})`
        : `bot user ${user.id} (${telegram})`;
    const { data } = await b.call(
      'patchBotUser',
      { params: { id: user.id }, body: { verification_status: status } },
      (error) =>
        error.status === 400 && error.fieldErrors.verification_status
          ? `${who} cannot be VERIFIED: it is not linked to a DA profile (the DA registers, or shares ` +
            'the phone of a DA of the roster, first)'
          : undefined,
    );
    if (user.verification_status === data.verification_status) {
      out.out(`${who} is already ${data.verification_status}.`);
      return;
    }
    out.out(`${who}: ${user.verification_status} → ${data.verification_status}.`);
    out.out('It applies within a few seconds on every copy of the server.');
  },
};
