import { migrate, openDb, type Db } from '../server/infra/db/connection';
import { lockHolder } from '../server/infra/db/data-lock';

/**
 * Opens the database an operator's command inspects: DATABASE_URL, else the PGlite folder
 * TREVO_DATA_DIR, which it refuses (exit 2) while a running server holds it — two processes
 * corrupt a PGlite folder. Runs `work` and closes the database.
 */
export async function withOfflineDb(work: (db: Db) => Promise<void>): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.TREVO_DATA_DIR ?? './data';
  const holder = databaseUrl ? undefined : lockHolder(dataDir);
  if (holder !== undefined) {
    console.error(
      `${dataDir} is held by the running server (pid ${holder}); stop it first or use DATABASE_URL.`,
    );
    process.exit(2);
  }
  const { db } = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrate(db);
    await work(db);
  } finally {
    await db.destroy();
  }
}
