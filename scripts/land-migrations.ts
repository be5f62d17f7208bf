import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * `npx tsx scripts/land-migrations.ts`: records the SHA-256 of each new migration in
 * `server/infra/db/migrations/landed.json` once it is final. It never rewrites a recorded one: a
 * landed migration that changed fails tests/unit/migrations.test.ts, and the fix is a new migration.
 */
const DIR = 'server/infra/db/migrations';
const path = `${DIR}/landed.json`;
const landed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
for (const file of readdirSync(DIR)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  if (landed[file]) continue;
  landed[file] = createHash('sha256')
    .update(readFileSync(`${DIR}/${file}`))
    .digest('hex');
  console.log(`landed ${file}`);
}
writeFileSync(path, `${JSON.stringify(landed, null, 2)}\n`);
