import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackupError, restorePglite } from './backup';
import { lockDataDir } from './dir-lock';

describe('PGlite restore and the data-directory lock', () => {
  it('refuses while a server holds the directory, naming it, and changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gebere-restore-'));
    const file = join(dataDir, 'b.tar.gz');
    writeFileSync(file, 'not read: the lock is checked first');
    const server = lockDataDir(join(dataDir, 'pglite'));
    try {
      const refused = restorePglite(file, dataDir, true);
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      await expect(refused).rejects.toThrow(`in use by another Gebere process (pid ${process.pid}`);
      expect(existsSync(join(dataDir, 'pglite.restoring'))).toBe(false);
    } finally {
      server.release();
    }
    // Once the server is gone the same restore runs (and finds the file is no backup).
    await expect(restorePglite(file, dataDir, true)).rejects.toThrow(/is not a backup this version can open/);
  });
});
