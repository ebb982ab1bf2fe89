import { startEarlyGet } from '../lib/api/early-get';

/**
 * Entry of its own (vite.config.ts): index.html runs it with `async` beside the app's chunks,
 * so the launch screen's first GET starts as soon as this small file arrives. main.tsx imports
 * it too, which keeps this file and early-get.ts in the one small chunk both entries share
 * (and in dev, where there is no second script, starts the request from main).
 */
startEarlyGet(window.location);
