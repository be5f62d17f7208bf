import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The one lock order of money (decision 40, server/platform/money/lock-order.ts): a player's row is
 * locked only there, so no path can take it in another order. The SQL functions follow the same
 * order inside the migrations, which are immutable and left out here.
 */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith('migrations') ? [] : files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A query builder chain from `users` that ends in a row lock, or raw SQL doing the same. */
const LOCKS_USERS = [
  /selectFrom\(\s*'users(\s+as\s+\w+)?'\s*\)[^;]*?\.for(Update|NoKeyUpdate|Share|KeyShare)\(\)/,
  /from\s+users\b[^;`]*\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i,
];

describe('the lock order of money', () => {
  it("locks a player's row only in platform/money/lock-order.ts", () => {
    const offenders = files('server').filter(
      (f) =>
        !f.endsWith(join('money', 'lock-order.ts')) &&
        LOCKS_USERS.some((re) => re.test(readFileSync(f, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees the locks it forbids', () => {
    const builder =
      "await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();";
    const raw = 'select loss_limit_left(id, 1) from users where id = 5 for update';
    expect(LOCKS_USERS.some((re) => re.test(builder))).toBe(true);
    expect(LOCKS_USERS.some((re) => re.test(raw))).toBe(true);
    expect(
      LOCKS_USERS.some((re) => re.test("db.selectFrom('users as u').select('u.id').forNoKeyUpdate()")),
    ).toBe(true);
    expect(LOCKS_USERS.some((re) => re.test('select 1 from users u where u.id = 1 for share'))).toBe(true);
    expect(LOCKS_USERS.some((re) => re.test("trx.selectFrom('users').select('id').execute();"))).toBe(false);
  });
});
