import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Language, translate } from '@gebere/i18n';
import type { Update } from 'grammy/types';
import type { Logger } from '../log';

/**
 * A contact a user shared while the database (or the backend) was down, kept until the service
 * is back and then handled as if it had just arrived: the update is replayed through the bot.
 *
 * Kept in a small file beside the database (DATA_DIR/pending-contacts.json, 0600), not in the
 * session: the session lives in the database that is down. A retry loop, not the user's next
 * update, applies it: after sharing their phone and hearing "kept" a user has no reason to write
 * again, and with several copies behind a webhook the next update may reach another copy, which
 * knows nothing of this one's file. The copy that answered "kept" is the one that carries on.
 */
export interface PendingContacts {
  /** Keeps the update of a contact shared during an outage (the newest per chat wins). */
  keep(update: Update, lang: Language): void;
  /** This update is being replayed: its outage, if it recurs, is not announced again. */
  replaying(update: Update): boolean;
  /**
   * Replays what is kept once `probe` succeeds, every `intervalMs` while anything is kept:
   * `tell` says the service is back (once per contact), `replay` runs the update through the bot.
   */
  start(io: {
    probe(): Promise<unknown>;
    replay(update: Update): Promise<unknown>;
    tell(chatId: number, text: string): Promise<unknown>;
  }): void;
  stop(): Promise<void>;
  /** The chats whose contact is kept. */
  chats(): number[];
}

interface Entry {
  update: Update;
  lang: Language;
  at: number;
  told: boolean;
}

/** A contact older than this was surely shared again since: it is dropped, not replayed. */
const KEEP_MS = 24 * 3600_000;
/** Bounds the file whatever happens: one entry per chat, this many chats at most. */
const MAX_ENTRIES = 10_000;

export function createPendingContacts(options: {
  /** Where the kept contacts survive a restart; memory only when undefined (tests). */
  file?: string | undefined;
  logger: Logger;
  intervalMs?: number;
}): PendingContacts {
  const { file, logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const entries = new Map<number, Entry>(load(file, logger));
  const inReplay = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let io: Parameters<PendingContacts['start']>[0] | undefined;

  const save = () => {
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify([...entries.entries()]), { mode: 0o600 });
      renameSync(tmp, file);
      chmodSync(file, 0o600);
    } catch (err) {
      logger.warn({ err }, 'could not save the contacts kept during the outage');
    }
  };

  const schedule = () => {
    if (!io || timer || entries.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = pass().finally(() => {
        running = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  };

  async function pass(): Promise<void> {
    if (!io) return;
    try {
      await io.probe();
    } catch {
      return; // still down: the next pass tries again
    }
    for (const [chatId, entry] of [...entries]) {
      if (!io) return;
      if (Date.now() - entry.at > KEEP_MS) {
        entries.delete(chatId);
        continue;
      }
      if (!entry.told) {
        await io.tell(chatId, translate(entry.lang, 'bot.contact_applied')).catch((err: unknown) => {
          logger.warn({ err, chatId }, 'could not say the service is back');
        });
        entry.told = true;
      }
      // Dropped first: a replay that meets the outage again keeps it anew (keep() below).
      entries.delete(chatId);
      inReplay.add(entry.update.update_id);
      try {
        await io.replay(entry.update);
        logger.info({ chatId }, 'contact kept during the outage applied');
      } catch (err) {
        logger.warn({ err, chatId }, 'replaying a kept contact failed');
      } finally {
        inReplay.delete(entry.update.update_id);
      }
      const again = entries.get(chatId);
      if (again) again.told = true;
      save();
    }
  }

  return {
    keep(update, lang) {
      const chatId = update.message?.chat.id;
      if (chatId === undefined) return;
      const before = entries.get(chatId);
      entries.set(chatId, { update, lang, at: before?.at ?? Date.now(), told: before?.told ?? false });
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
      save();
      logger.info({ chatId }, 'contact shared during an outage kept');
      schedule();
    },
    replaying: (update) => inReplay.has(update.update_id),
    start(given) {
      io = given;
      schedule();
    },
    async stop() {
      io = undefined;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
    chats: () => [...entries.keys()],
  };
}

function load(file: string | undefined, logger: Logger): Array<[number, Entry]> {
  if (!file || !existsSync(file)) return [];
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(data) ? (data as Array<[number, Entry]>) : [];
  } catch (err) {
    logger.warn({ err, file }, 'contacts kept during an outage unreadable; starting without them');
    return [];
  }
}
