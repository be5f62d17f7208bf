import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over embedded PGlite (decision 90). Kysely 0.29's built-in PGlite dialect needs Node 22;
 * 0.28 runs on this project's Node 20 but has none, and the packages that add one either cap
 * PGlite below 0.5 or let two transactions interleave on PGlite's one session. This one is
 * PostgreSQL's compiler, adapter and introspector over a driver of our own.
 *
 * PGlite is one session: every query and transaction take turns on one connection, in the order
 * they asked for it. A transaction runs inside `pglite.transaction`, so PGlite itself knows it is in
 * one (it skips its per-statement file-system sync and refuses a query on a finished transaction).
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** What rolls a transaction back: the reason handed to `pglite.transaction`'s callback. */
const ROLLBACK = Symbol('rollback');

/** PGlite's one session, as Kysely sees it: a query runs in the open transaction if there is one. */
class PgliteConnection implements DatabaseConnection {
  private transaction?: {
    tx: PgliteTransaction;
    /** Ends the callback given to `pglite.transaction`: commit, or throw `ROLLBACK`. */
    finish: (commit: boolean) => void;
    /** `pglite.transaction`'s own promise: settles after its COMMIT or ROLLBACK. */
    done: Promise<unknown>;
  };

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const { rows, affectedRows } = await (this.transaction?.tx ?? this.pglite).query<R>(query.sql, [
        ...query.parameters,
      ]);
      return { rows, numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows) };
    } catch (error) {
      throw withCallerStack(error);
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite cannot stream a query');
  }

  async begin(settings: TransactionSettings): Promise<void> {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    let done!: Promise<unknown>;
    const tx = await new Promise<PgliteTransaction>((resolve, reject) => {
      done = this.pglite.transaction(async (tx) => {
        resolve(tx);
        if (!(await decided)) throw ROLLBACK;
      });
      // A failed BEGIN rejects `done` before the callback runs; a later rejection changes nothing.
      done.catch(reject);
    });
    this.transaction = { tx, finish, done };
    if (!settings.isolationLevel && !settings.accessMode) return;
    // Kysely checks both against its fixed lists before they get here.
    const isolation = settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '';
    try {
      await tx.exec(`set transaction ${isolation} ${settings.accessMode ?? ''}`);
    } catch (error) {
      // Kysely rolls back only a transaction that began; this one must not stay open.
      await this.end(false);
      throw error;
    }
  }

  /** Commits (or rolls back) the open transaction; a failed COMMIT throws PGlite's error. */
  async end(commit: boolean): Promise<void> {
    const open = this.transaction;
    this.transaction = undefined;
    if (!open) return;
    open.finish(commit);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  }
}

/** The error with the stack of the code that ran the query, as Kysely's own drivers add it. */
function withCallerStack(error: unknown): unknown {
  const caller = new Error().stack;
  if (error instanceof Error && error.stack && caller) {
    error.stack += caller.slice(caller.indexOf('\n'));
  }
  return error;
}

/**
 * One connection, lent to one caller at a time: a query outside a transaction waits for the
 * transaction to end (so inside one, only its `trx` can be used — the outer `db` would wait on it).
 */
class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private lent = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Handed over directly by `releaseConnection`, so no caller can slip in between.
    if (this.lent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.lent = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.lent = false;
  }

  async beginTransaction(_: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.connection.begin(settings);
  }

  async commitTransaction(): Promise<void> {
    await this.connection.end(true);
  }

  async rollbackTransaction(): Promise<void> {
    await this.connection.end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** A savepoint's name as a quoted SQL identifier. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
