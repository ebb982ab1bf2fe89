import { clip, farmerFullName, type HandBackResult, LIMITS } from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';

/** Telegram's HTML parse mode needs only these three escaped (and `"` inside attributes). */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * A registered farmer's name as the lists show it (spec §2: the three names, the literal `nan`
 * left out), from the saved data the result carries; an older app's result has only `name`.
 */
function farmerName(farmer: {
  name: string;
  data?: Parameters<typeof farmerFullName>[0] | undefined;
}): string {
  return (farmer.data && clip(farmerFullName(farmer.data), LIMITS.handBackNameMax)) || farmer.name;
}

/**
 * The chat message for a hand-back result, in the user's language, for `parse_mode: 'HTML'`.
 * Used by POST /tg/result and by the bot's `web_app_data` handler, so a result reads the same
 * whichever channel carried it. Every interpolated value is escaped: names come from users.
 */
export function renderSummary(result: HandBackResult, lang: Language): string {
  switch (result.kind) {
    case 'farmer_registered':
      return translate(lang, 'bot.results.farmer_registered', {
        name: escapeHtml(farmerName(result)),
        group: escapeHtml(result.group_name),
      });
    case 'farmers_registered': {
      const lines = result.farmers.map((f) =>
        translate(lang, 'bot.results.farmer_in_group', {
          name: escapeHtml(farmerName(f)),
          group: escapeHtml(f.group_name),
        }),
      );
      const farmers = translate(lang, 'bot.results.farmers', { count: result.farmers.length });
      return [translate(lang, 'bot.results.farmers_registered', { farmers }), ...lines].join('\n');
    }
    case 'group_added':
      return translate(lang, 'bot.results.group_added', { name: escapeHtml(result.group_name) });
    case 'da_registered':
      return translate(lang, result.update ? 'bot.results.da_updated' : 'bot.results.da_registered', {
        name: escapeHtml(result.name),
      });
    case 'report_user_saved':
      return translate(
        lang,
        result.update ? 'bot.results.report_user_updated' : 'bot.results.report_user_registered',
        { name: escapeHtml(result.name) },
      );
    case 'reach_recorded':
    case 'adoption_recorded': {
      const base = result.kind === 'reach_recorded' ? 'reach_recorded' : 'adoption_recorded';
      // Each count with its noun in the right plural form ("1 farmer", "3 farmers").
      const counts = {
        farmers: translate(lang, 'bot.results.farmers', { count: result.farmers }),
        advisories: translate(lang, 'bot.results.advisories', { count: result.advisories }),
        recorded: translate(lang, 'bot.results.records', { count: result.recorded }),
        failed: translate(lang, 'bot.results.failed', { count: result.failed }),
      };
      const line =
        result.failed > 0
          ? translate(lang, `bot.results.${base}_some_failed`, counts)
          : translate(lang, `bot.results.${base}`, counts);
      const lines = [line];
      // Why the server refused (the first refusal's reason, in the DA's language).
      if (result.failed > 0 && result.reason) lines.push(`• ${escapeHtml(result.reason)}`);
      // Records that got no answer may be saved: said apart from the refused ones.
      const unconfirmed = result.unconfirmed ?? 0;
      if (unconfirmed > 0)
        lines.push(translate(lang, 'bot.results.records_unconfirmed', { count: unconfirmed }));
      // Kept in the app's outbox: sent when the signal returns, then summed up again.
      const queued = result.queued ?? 0;
      if (queued > 0) lines.push(translate(lang, 'bot.results.records_queued', { count: queued }));
      return lines.join('\n');
    }
    case 'records_synced': {
      // Kept offline, sent when the signal returned: what was saved, then each refusal's reason.
      const lines = [
        translate(lang, 'bot.results.records_synced', {
          saved: translate(lang, 'bot.results.records', { count: result.saved }),
        }),
      ];
      if (result.refused > 0)
        lines.push(
          translate(lang, 'bot.results.records_synced_refused', { count: result.refused }),
          ...result.reasons.map((reason) => `• ${escapeHtml(reason)}`),
        );
      return lines.join('\n');
    }
    case 'feedback_sent':
      return translate(lang, 'bot.results.feedback_sent');
    case 'notification_saved':
      return translate(
        lang,
        result.update ? 'bot.results.notification_updated' : 'bot.results.notification_created',
        { name: escapeHtml(result.name) },
      );
    case 'registry_changed': {
      const name = escapeHtml(result.name);
      if (result.change === 'corrected') return translate(lang, 'bot.results.farmer_corrected', { name });
      if (result.change === 'retired')
        return translate(lang, 'bot.results.farmer_retired', {
          name,
          reason: translate(lang, `bot.results.retire_reasons.${result.reason ?? 'moved'}`),
        });
      return translate(
        lang,
        result.change === 'reach_taken_back'
          ? 'bot.results.reach_taken_back'
          : 'bot.results.adoption_taken_back',
        { name, advisory: escapeHtml(result.advisory ?? '') },
      );
    }
    case 'notification_removed':
      return translate(lang, 'bot.results.notification_removed', { name: escapeHtml(result.name) });
  }
}

/** Plain text of a summary (inline result titles are not parsed as HTML). */
export function summaryTitle(html: string, max = 64): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')[0]
    ?.trim();
  const title = text || '✅';
  return clip(title, max, '…');
}
