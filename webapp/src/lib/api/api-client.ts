import { createApiClient } from '@gebere/api-client';
import { transportOptions } from './transport';

/**
 * The one API client. Kept out of the first-load bundle: it brings the contract and zod
 * (~26 KB compressed), which a screen needs only when it calls. Load it through `api` in lazy-client.ts.
 */
export const client = createApiClient(transportOptions());
