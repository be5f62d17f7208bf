import { migrate, openDb } from '../server/db/connection';
import { lockHolder } from '../server/db/data-lock';
import { auditLedger } from '../server/modules/wallet/audit';

/**
 * `npm run ledger:audit`: re-derives every balance from the postings and checks the ledger's
 * invariants; exits 1 on any violation. Reads DATABASE_URL, else the PGlite folder TREVO_DATA_DIR,
 * which it refuses to open while a running server holds it (two processes corrupt a PGlite folder).
 */
async function main() {
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
    const problems = await auditLedger(db);
    if (problems.length === 0) {
      console.log('ledger audit: OK (every transaction balanced, no negative balance, cached = postings)');
      return;
    }
    console.error(`ledger audit: ${problems.length} violation(s)`);
    for (const p of problems) console.error(`- ${p}`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main();
