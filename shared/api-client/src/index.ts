export {
  type ApiClient,
  type ApiClientOptions,
  type ApiResult,
  type CallInput,
  type CallOutput,
  createApiClient,
} from './client';
export { type ApiError, isRetryable, transportError } from './errors';
export { newIdempotencyKey } from './idempotency-key';
export {
  errorFromResponse,
  type RawRequest,
  routeUrl,
  type StoredProof,
  send,
  type TransportOptions,
} from './transport';
