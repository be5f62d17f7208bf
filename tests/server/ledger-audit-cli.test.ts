import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../../server/infra/db/connection';
import { openMigratedPgliteAt } from '../support/pglite-template';
import { post } from '../../server/platform/money/ledger';
import { insertBareUser } from '../support/bare-user';

/** `npm run ledger:audit` as an operator runs it, on a PGlite folder. */
const audit = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ledger-audit.ts'], {
    encoding: 'utf8',
    env: { ...process.env, TREVO_DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe.runIf(process.env.TREVO_TEST_DB !== 'postgres')('ledger:audit', () => {
  it('passes on a sound ledger, fails on a tampered one, and refuses a folder a live server holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trevo-audit-'));
    try {
      const { db } = await openMigratedPgliteAt(dir);
      const user = {
        id: await insertBareUser(db, { username: 'a@b.com', cpf: '52998224725', yqm: 'AUDIT001' }),
      };
      await db.transaction().execute((trx) =>
        post(trx, {
          key: 'audit-1',
          kind: 'test',
          entries: [
            { account: { kind: 'psp_clearing' }, amountCents: -500 },
            { account: { kind: 'user_cash', userId: user.id }, amountCents: 500 },
          ],
        }),
      );
      await db.destroy();

      const ok = audit(dir);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('ledger audit: OK');

      const reopened = await openDb({ dataDir: dir });
      await sql`update ledger_accounts set balance = 499 where user_id = ${user.id}`.execute(reopened.db);
      await reopened.db.destroy();
      const bad = audit(dir);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/cached 499/);

      // A live process (this one) holds the folder.
      writeFileSync(join(dir, 'trevo.lock'), String(process.ppid));
      const held = audit(dir);
      expect(held.status).toBe(2);
      expect(held.stderr).toMatch(/held by the running server/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
