/**
 * Small modules that most screens need, kept in the shell chunk (main.tsx imports this file, so
 * the bundler counts them as part of the first load): over HTTP/1.1 on 3G each separate file
 * waits for one of six connections and costs a round trip — far more than their ~6 KB.
 */
export { MainButtonSubmit } from '../components/main-button-submit';
export { SubmitForm } from '../components/submit-form';
// The launch screen's light GET and the API error texts (farmer form, lists); the one save's hook
// (every saving screen; its press is in the outbox's chunk).
export { describeApiError } from '../lib/api/errors';
export { keyFor, withRetries } from '../lib/api/idempotent-call';
export { firstGet } from '../lib/api/light-get';
export { useSave } from '../lib/forms/save';
export { useBusy } from '../lib/forms/use-busy';
export { useScreenParams } from '../lib/navigation';
