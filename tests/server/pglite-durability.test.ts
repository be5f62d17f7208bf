import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { DURABLE_PGLITE_PARAMS, DurableNodeFS, openDb } from '../../server/infra/db/connection';

/**
 * The embedded database keeps acknowledged money (trust issue, finding 6): PGlite ran with fsync
 * off and wrote through a file system that dropped every fsync, so a committed bet could be lost
 * to a power cut. On disk it now runs with fsync on, and each commit's WAL flush reaches the disk.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trevo-durable-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('runs with fsync on, flushing the WAL through fsync', async () => {
    const { db } = await openDb({ dataDir: tempDir() });
    const show = async (name: string) =>
      (await sql<Record<string, string>>`${sql.raw(`show ${name}`)}`.execute(db)).rows[0]![name];
    expect(await show('fsync')).toBe('on');
    expect(await show('wal_sync_method')).toBe('fsync');
    expect(await show('synchronous_commit')).toBe('on');
    await db.destroy();
  });

  it('reaches the disk with an fsync for every commit', async () => {
    const folder = join(tempDir(), 'pglite');
    const fs = new DurableNodeFS(folder);
    const pg = await PGlite.create({ fs, startParams: DURABLE_PGLITE_PARAMS });
    await pg.exec('create table moves (id serial primary key, cents bigint)');
    const before = fs.fsyncs;
    for (let i = 0; i < 20; i++) await pg.query('insert into moves (cents) values ($1)', [i]);
    expect(fs.fsyncs - before).toBeGreaterThanOrEqual(20);
    await pg.close();
    // What was committed is read back by a new process's database on the same folder.
    const again = await PGlite.create({
      fs: new DurableNodeFS(folder),
      startParams: DURABLE_PGLITE_PARAMS,
    });
    expect((await again.query<{ n: number }>('select count(*)::int as n from moves')).rows[0]!.n).toBe(20);
    await again.close();
  });
});
