import { verifyAuditChain } from '../server/platform/audit-trail';
import { withOfflineDb } from './offline-db';

/**
 * `npm run audit:verify`: walks the operators' audit chain and checks every link; exits 1 when a
 * row was edited, removed or inserted. Reads DATABASE_URL or TREVO_DATA_DIR like `ledger:audit`.
 */
void withOfflineDb(async (db) => {
  const { rows, problems } = await verifyAuditChain(db);
  if (problems.length === 0) {
    console.log(`audit chain: OK (${rows} operator actions, every link verified)`);
    return;
  }
  console.error(`audit chain: ${problems.length} problem(s) in ${rows} rows`);
  for (const p of problems) console.error(`- ${p}`);
  process.exitCode = 1;
});
