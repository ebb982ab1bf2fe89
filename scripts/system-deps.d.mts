/** Types of system-deps.mjs for the TypeScript that imports it (scripts/bench/national.ts). */
export function pgBinDir(env?: NodeJS.ProcessEnv): string | null;
export function postgresMissing(bin?: string | null): string | null;
export function startPostgres(): Promise<{ url: string; stop: () => void; stopCommand: string }>;
