import { auditLedger } from '../server/platform/money/ledger-audit';
import { withOfflineDb } from './offline-db';

/**
 * `npm run ledger:audit`: re-derives every balance from the postings and checks the ledger's
 * invariants; exits 1 on any violation. Reads DATABASE_URL, else the PGlite folder TREVO_DATA_DIR,
 * which it refuses to open while a running server holds it (two processes corrupt a PGlite folder).
 */
void withOfflineDb(async (db) => {
  const problems = await auditLedger(db);
  if (problems.length === 0) {
    console.log(
      'ledger audit: OK (every transaction balanced, no negative balance, cached = postings, bonus releases due and whole)',
    );
    return;
  }
  console.error(`ledger audit: ${problems.length} violation(s)`);
  for (const p of problems) console.error(`- ${p}`);
  process.exitCode = 1;
});
