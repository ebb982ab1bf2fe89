import { asList, VERIFICATION_STATUSES } from '@gebere/contract';
import { CliError, expectWords, parseStatus, parseTelegramId } from './args';
import type { Command } from './command';

export const statusCommand: Command = {
  name: 'status',
  args: '<telegram-id> <PENDING|VERIFIED|REJECTED>',
  summary: "Set a bot user's verification status (REJECTED stops a DA at once)",
  details: [
    `Statuses: ${VERIFICATION_STATUSES.join(', ')}. Only a VERIFIED DA acts as a DA; VERIFIED needs`,
    'an account linked to a DA profile. The user must have started the bot.',
    'Example: gebere status 123456789 REJECTED',
    'It applies within a few seconds on every copy of the server.',
  ],
  async run(words, { out, backend }) {
    expectWords(words, ['telegram-id', 'status'], 'status');
    const [rawId, rawStatus] = words as [string, string];
    const telegramId = parseTelegramId(rawId, 'status');
    const status = parseStatus(rawStatus, 'status');
    const b = backend();
    const found = await b.call('findBotUsers', { query: { telegram_id: telegramId, paginate: 'false' } });
    const user = asList(found.data)[0];
    if (!user)
      throw new CliError(
        `no bot user with Telegram id ${telegramId}: the user must start the bot (/start) first`,
      );
    const who = `bot user ${user.id} (Telegram ${telegramId}${user.da_profile ? `, DA profile ${user.da_profile}` : ''})`;
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
