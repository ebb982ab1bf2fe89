import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PersistedSecrets {
  linkSecret: string;
  serviceToken: string;
  webhookSecret: string;
}

export const SECRETS_FILE = 'secrets.json';

const generate = () => randomBytes(32).toString('base64url');

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json
 * (mode 0600), so a restart keeps signed links in old chat messages valid. Several copies
 * behind a load balancer must share them: set them in the environment there.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  given: { [K in keyof PersistedSecrets]: string | undefined },
): { secrets: PersistedSecrets; generated: Array<keyof PersistedSecrets> } {
  const file = join(dataDir, SECRETS_FILE);
  const stored: Partial<PersistedSecrets> = existsSync(file) ? readStored(file) : {};
  const secrets = {} as PersistedSecrets;
  const generated: Array<keyof PersistedSecrets> = [];
  let changed = false;
  for (const key of ['linkSecret', 'serviceToken', 'webhookSecret'] as const) {
    const value = given[key];
    if (value !== undefined) {
      secrets[key] = value;
      continue;
    }
    generated.push(key);
    const kept = stored[key];
    if (typeof kept === 'string' && kept.length >= 32) {
      secrets[key] = kept;
    } else {
      secrets[key] = generate();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    // Write-then-rename: a crash mid-write must not leave a half file that loses every link.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ ...stored, ...pick(secrets, generated) }, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(tmp, file);
    chmodSync(file, 0o600);
  }
  return { secrets, generated };
}

function readStored(file: string): Partial<PersistedSecrets> {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return data && typeof data === 'object' ? (data as Partial<PersistedSecrets>) : {};
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it (deleting invalidates signed links)`);
  }
}

function pick(secrets: PersistedSecrets, keys: Array<keyof PersistedSecrets>): Partial<PersistedSecrets> {
  return Object.fromEntries(keys.map((k) => [k, secrets[k]]));
}
