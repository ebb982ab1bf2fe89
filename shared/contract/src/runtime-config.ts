import { z } from 'zod';
import { language } from './enums';

/**
 * Settings the server injects into index.html (`window.__GEBERE__`), so one build of the
 * webapp serves every deployment.
 */
export const runtimeConfig = z.object({
  backendUrl: z.string(),
  companionUrl: z.string(),
  botUsername: z.string(),
  languages: z.array(language).min(1),
  defaultLanguage: language,
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export const RUNTIME_CONFIG_GLOBAL = '__GEBERE__';
