import { createApiClient } from '@gebere/api-client';
import { currentLanguage } from './i18n';
import { authorization } from './proof';
import { runtimeConfig } from './runtime-config';

/**
 * The one API client. Kept out of the first-load bundle: it brings the contract and zod
 * (~26 KB compressed), which a screen needs only when it calls. Load it through `api` in api.ts.
 */
export const client = createApiClient({
  baseUrl: runtimeConfig().backendUrl,
  authorization,
  language: currentLanguage,
});
