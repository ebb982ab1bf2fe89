import type { TransportOptions } from '@gebere/api-client/transport';
import { currentLanguage } from '../i18n/texts';
import { authorization, markUnauthorized } from '../launch/proof';
import { runtimeConfig } from '../launch/runtime-config';

/**
 * How this launch talks to the backend, for the API client (api-client.ts) and the light GETs
 * (light-get.ts) alike: the configured base URL, the launch's proof, the active language, and a
 * 401 switching the screen to "open it again from the bot".
 */
export function transportOptions(): TransportOptions {
  return {
    baseUrl: runtimeConfig().backendUrl,
    authorization,
    language: currentLanguage,
    onUnauthorized: markUnauthorized,
  };
}
