import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrate, openDb, type Db } from '../../server/infra/db/connection';
import { PgliteDialect } from '../../server/infra/db/pglite-dialect';
import type { Database } from '../../server/infra/db/schema';

/**
 * In-memory PGlite databases with every migration applied, for the test apps. Creating a PGlite
 * runs initdb inside WASM (2–3 s of CPU on these machines, most of a test app's start); loading a
 * data folder dumped once after the migrations takes ~0.4 s. The dump is kept under .tmp, named by
 * the migrations' and PGlite's own text, so a changed migration makes a new one; test processes
 * running side by side write it under a temporary name and rename it, so none reads half a file.
 */
const DIR = '.tmp/pglite-template';

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync('node_modules/@electric-sql/pglite/package.json'));
  const migrations = 'server/infra/db/migrations';
  for (const file of readdirSync(migrations).sort()) {
    hash.update(file).update(readFileSync(`${migrations}/${file}`));
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(path: string): Promise<Blob> {
  const pglite = await PGlite.create();
  await migrate(new Kysely<Database>({ dialect: new PgliteDialect(pglite) }));
  await pglite.query('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  mkdirSync(DIR, { recursive: true });
  const partial = `${path}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  return dump;
}

let template: Promise<Blob> | undefined;

function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const path = `${DIR}/${templateKey()}.tar`;
    try {
      return new Blob([readFileSync(path)]);
    } catch {
      return buildTemplate(path);
    }
  })();
  return template;
}

/** A fresh in-memory PGlite with the migrations already applied (as `openDb` returns it). */
export async function openMigratedPglite(): Promise<{ db: Db; kind: 'postgres' | 'pglite' }> {
  return openDb({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
}

/**
 * A PGlite data folder on disk (as the server and the operators' scripts open it) with the
 * migrations already applied: a test of a command-line tool starts from here, not from initdb and
 * every migration under fsync.
 */
export async function openMigratedPgliteAt(
  dataDir: string,
): Promise<{ db: Db; kind: 'postgres' | 'pglite' }> {
  return openDb({ dataDir, loadDataDir: await migratedTemplate() });
}
