import type { FastifyBaseLogger } from 'fastify';

/** The part of a pino logger the backend uses; Fastify's `app.log` and `pino()` both fit. */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export const silentLog: Log = { info() {}, warn() {}, error() {}, debug() {} };
