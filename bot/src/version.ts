import bot from '../package.json' with { type: 'json' };

/**
 * The release this server and CLI were built from: bot/package.json's `version`, kept equal to
 * the root package.json's and CHANGELOG.md's newest entry (checked by tests). Bundled into
 * bot/dist by esbuild, so the image needs no package.json beside it.
 */
export const VERSION: string = bot.version;
