/**
 * Errors not owned by one screen: transport failures (the spec's axios-style messages, §8), the
 * proof of identity (DESIGN.md "Identity and trust"), and the hand-back to the bot.
 */
export const errors = {
  network_error: 'Network Error',
  timeout: 'The request timed out',
  request_aborted: 'Request aborted',
  request_failed: 'Request failed with status code {{status}}',
  unauthorized: 'We could not confirm who you are. Please open this screen again from the bot.',
  forbidden: 'You are not allowed to do this.',
  not_found: 'Not found',
  unknown: 'Something went wrong. Please try again.',
  error_sending_message_to_bot: 'Error sending message to bot, please try again',
  // A keyed save whose answer never came, even after its retries: it may or may not be
  // saved; pressing again is safe (the same Idempotency-Key), so say exactly that.
  not_confirmed_kept:
    'No connection: we could not confirm it was saved. What you entered is kept here. Press “{{button}}” again when you have signal; it will not be saved twice.',
  link_expired: 'This link has expired. Please open it again from the bot.',
  link_invalid: 'This link is not valid. Please open it again from the bot.',
  // No initData and no signed link: the page was opened outside Telegram or by hand.
  proof_missing: 'Please open this screen from the Gebere bot in Telegram.',
  missing_parameters: 'This link is missing some information. Please open it again from the bot.',
} as const;
