import { sql as initial } from './001-initial';

/** Applied in order; a migration is never edited once released, only followed by a new one. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: initial },
];
