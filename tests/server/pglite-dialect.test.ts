import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PgliteDialect } from '../../server/infra/db/pglite-dialect';

/**
 * Kysely over PGlite with our own dialect (decision 90): PGlite is one session, so transactions
 * take turns and never mix their statements, a failed one leaves nothing behind, and a query from
 * outside waits for the open transaction instead of landing in it.
 */
interface Tables {
  moves: { id: number; cents: number };
}

let pglite: PGlite;
let db: Kysely<Tables>;

beforeAll(async () => {
  pglite = await PGlite.create();
  db = new Kysely<Tables>({ dialect: new PgliteDialect(pglite) });
  await sql`create table moves (id int primary key, cents int not null)`.execute(db);
});
afterAll(() => db.destroy());

const total = async () =>
  (await sql<{ cents: number }>`select coalesce(sum(cents), 0)::int as cents from moves`.execute(db)).rows[0]!
    .cents;

describe('Kysely on PGlite', () => {
  it('runs simultaneous transactions one after another, in the order they began', async () => {
    await db.deleteFrom('moves').execute();
    const seen: string[] = [];
    await Promise.all(
      [1, 2, 3].map((id) =>
        db.transaction().execute(async (trx) => {
          seen.push(`begin ${id}`);
          await trx.insertInto('moves').values({ id, cents: 10 }).execute();
          // A pause inside the transaction, where another one would slip in if it could.
          await new Promise((resolve) => setTimeout(resolve, 10));
          seen.push(`end ${id}`);
        }),
      ),
    );
    expect(seen).toEqual(['begin 1', 'end 1', 'begin 2', 'end 2', 'begin 3', 'end 3']);
    expect(await total()).toBe(30);
  });

  it('makes a query from outside wait for the open transaction, and see only what it committed', async () => {
    await db.deleteFrom('moves').execute();
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('moves').values({ id: 1, cents: 5 }).execute();
      entered();
      await held;
      await trx.updateTable('moves').set({ cents: 7 }).where('id', '=', 1).execute();
    });
    await inside;
    let answered = false;
    const outside = total().finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(7);
  });

  it('leaves nothing of a transaction that threw, and goes on serving queries', async () => {
    await db.deleteFrom('moves').execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('moves').values({ id: 1, cents: 5 }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await total()).toBe(0);
  });

  it('refuses to commit a transaction whose statement failed, even when the failure was caught', async () => {
    await db.deleteFrom('moves').execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('moves').values({ id: 1, cents: 5 }).execute();
        await trx
          .insertInto('moves')
          .values({ id: 1, cents: 6 })
          .execute()
          .catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await total()).toBe(0);
  });

  it('counts the rows a statement changed, zero included', async () => {
    await db.deleteFrom('moves').execute();
    await db.insertInto('moves').values({ id: 1, cents: 5 }).execute();
    const hit = await db.updateTable('moves').set({ cents: 6 }).where('id', '=', 1).executeTakeFirstOrThrow();
    const missed = await db
      .updateTable('moves')
      .set({ cents: 6 })
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect([hit.numUpdatedRows, missed.numUpdatedRows]).toEqual([1n, 0n]);
  });

  it('applies a transaction’s isolation level and access mode', async () => {
    const modes = await db
      .transaction()
      .setIsolationLevel('serializable')
      .setAccessMode('read only')
      .execute(async (trx) => [
        (await sql<{ transaction_isolation: string }>`show transaction_isolation`.execute(trx)).rows[0]!
          .transaction_isolation,
        (await sql<{ transaction_read_only: string }>`show transaction_read_only`.execute(trx)).rows[0]!
          .transaction_read_only,
      ]);
    expect(modes).toEqual(['serializable', 'on']);
  });

  it('rolls back to a savepoint and commits the rest', async () => {
    await db.deleteFrom('moves').execute();
    const trx = await db.startTransaction().execute();
    await trx.insertInto('moves').values({ id: 1, cents: 5 }).execute();
    const saved = await trx.savepoint('before second').execute();
    await saved.insertInto('moves').values({ id: 2, cents: 6 }).execute();
    await saved.rollbackToSavepoint('before second').execute();
    await trx.commit().execute();
    expect(await total()).toBe(5);
  });
});
