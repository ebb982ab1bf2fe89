// Test support for the operator CLI's tests (not product code): a real embedded backend listening
// on a loopback port, and `gebere` run in-process with what it printed captured.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { TEST_AUTH } from '../../test/backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../../test/backend/test-kit/backend';
import type { CliSettings } from './backend-client';
import { runCli } from './commands';

/** A PGlite backend over HTTP, and the settings that reach it with the service token. */
export async function listeningBackend(
  options: Parameters<typeof startBackend>[1] = {},
): Promise<{ t: TestBackend; settings: CliSettings }> {
  const t = await startBackend('pglite', options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    t,
    settings: {
      backendUrl: `http://127.0.0.1:${port}/backend`,
      serviceToken: TEST_AUTH.serviceToken,
      tokenSource: 'BACKEND_SERVICE_TOKEN',
    },
  };
}

/** `gebere <argv>` with these settings: exit code, its lines to stdout and stderr, its raw bytes. */
export async function runGebere(
  argv: string[],
  settings: CliSettings,
  invocation?: { cwd: string; npmBanner: boolean },
) {
  const out: string[] = [];
  const err: string[] = [];
  const chunks: Buffer[] = [];
  const stdout = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  const code = await runCli(argv, {
    out: { out: (l) => out.push(l), err: (l) => err.push(l) },
    settings: () => settings,
    stdout,
    ...(invocation ? { invocation } : {}),
  });
  return {
    code,
    out: out.join('\n'),
    err: err.join('\n'),
    stdout: Buffer.concat(chunks),
    lines: [...out, ...err],
  };
}
