/** Telegram's failure shape; error_code doubles as the HTTP status. */
export interface BotApiFailure {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** Thrown by method handlers; the router turns it into Telegram's JSON answer. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: BotApiFailure['parameters'],
  ) {
    super(description);
    this.name = 'BotApiError';
  }

  toJSON(): BotApiFailure {
    return {
      ok: false,
      error_code: this.code,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

export const badRequest = (what: string) => new BotApiError(400, `Bad Request: ${what}`);
export const forbidden = (what: string) => new BotApiError(403, `Forbidden: ${what}`);
export const conflict = (what: string) => new BotApiError(409, `Conflict: ${what}`);
export const tooManyRequests = (retryAfter: number) =>
  new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
export const unauthorized = () => new BotApiError(401, 'Unauthorized');
export const notFound = () => new BotApiError(404, 'Not Found');

/** Telegram's descriptions, in one place so handlers and tests use the same words. */
export const TG = {
  chatNotFound: 'chat not found',
  chatIdEmpty: 'chat_id is empty',
  textEmpty: 'message text is empty',
  tooLong: 'message is too long',
  buttonDataInvalid: 'BUTTON_DATA_INVALID',
  buttonUrlInvalid: 'BUTTON_URL_INVALID',
  blocked: 'bot was blocked by the user',
  cantInitiate: "bot can't initiate conversation with a user",
  queryTooOld: 'query is too old and response timeout expired or query ID is invalid',
  messageIdMissing: 'message identifier is not specified',
  messageToEditNotFound: 'message to edit not found',
  messageToDeleteNotFound: 'message to delete not found',
  messageCantBeEdited: "message can't be edited",
  messageCantBeDeleted: "message can't be deleted for everyone",
  notModified:
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  pollingConflict: 'terminated by other getUpdates request; make sure that only one bot instance is running',
  webhookActive:
    "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
  terminatedBySetWebhook: 'terminated by setWebhook request',
} as const;

/** Misuse of the emulator's own client API (not a Bot API answer): a test bug, so a plain Error. */
export class EmulatorUsageError extends Error {
  override name = 'EmulatorUsageError';
}
