import { fsyncSync, mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, type Migration, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import pg from 'pg';
import { PgliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import * as m001 from './migrations/001-foundation';
import * as m002 from './migrations/002-ledger';
import * as m003 from './migrations/003-deposits';
import * as m004 from './migrations/004-withdrawals';
import * as m005 from './migrations/005-offers-transfers';
import * as m006 from './migrations/006-pay-discount';
import * as m007 from './migrations/007-games';
import * as m008 from './migrations/008-sports';
import * as m009 from './migrations/009-ledger-post';
import * as m010 from './migrations/010-operator-audit';
import * as m011 from './migrations/011-sports-cashout';
import * as m012 from './migrations/012-sports-cancels';
import * as m013 from './migrations/013-operator-roles';
import * as m014 from './migrations/014-player-protection';
import * as m015 from './migrations/015-support';
import * as m016 from './migrations/016-promotions';
import * as m017 from './migrations/017-player-care';
import * as m018 from './migrations/018-config-overrides';
import * as m019 from './migrations/019-play-instant';
import * as m020 from './migrations/020-prize-deadlines';
import * as m021 from './migrations/021-money-rules';
import * as m022 from './migrations/022-login-throttle';
import * as m023 from './migrations/023-handoff-session';
import * as m024 from './migrations/024-mail-delivery';
import * as m025 from './migrations/025-payout-split';
import * as m026 from './migrations/026-support-answers-index';
import * as m027 from './migrations/027-operator-accounts';
import * as m028 from './migrations/028-second-approval';
import * as m029 from './migrations/029-approvals-required';
import * as m030 from './migrations/030-compliance-alerts';
import * as m031 from './migrations/031-kyc-documents';
import * as m032 from './migrations/032-alert-reported-at';
import * as m033 from './migrations/033-address-and-device';
import * as m034 from './migrations/034-address-history';
import * as m035 from './migrations/035-book-margins';
import * as m036 from './migrations/036-sports-favourites';
import * as m037 from './migrations/037-instant-wager';
import * as m038 from './migrations/038-early-payout';
import * as m039 from './migrations/039-super-odds';
import * as m040 from './migrations/040-money-records';
import * as m041 from './migrations/041-session-under-lock';
import * as m042 from './migrations/042-wallet-lock-no-key';
import * as m043 from './migrations/043-fixture-field';
import * as m044 from './migrations/044-bonus-release';

export type Db = Kysely<Database>;
/** A transaction handle: inside one, every query goes through it (on PGlite the outer `db` would wait for ever). */
export type Trx = Transaction<Database>;

/** Migrations in order; one set serves PGlite and PostgreSQL. */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-ledger': m002,
  '003-deposits': m003,
  '004-withdrawals': m004,
  '005-offers-transfers': m005,
  '006-pay-discount': m006,
  '007-games': m007,
  '008-sports': m008,
  '009-ledger-post': m009,
  '010-operator-audit': m010,
  '011-sports-cashout': m011,
  '012-sports-cancels': m012,
  '013-operator-roles': m013,
  '014-player-protection': m014,
  '015-support': m015,
  '016-promotions': m016,
  '017-player-care': m017,
  '018-config-overrides': m018,
  '019-play-instant': m019,
  '020-prize-deadlines': m020,
  '021-money-rules': m021,
  '022-login-throttle': m022,
  '023-handoff-session': m023,
  '024-mail-delivery': m024,
  '025-payout-split': m025,
  '026-support-answers-index': m026,
  '027-operator-accounts': m027,
  '028-second-approval': m028,
  '029-approvals-required': m029,
  '030-compliance-alerts': m030,
  '031-kyc-documents': m031,
  '032-alert-reported-at': m032,
  '033-address-and-device': m033,
  '034-address-history': m034,
  '035-book-margins': m035,
  '036-sports-favourites': m036,
  '037-instant-wager': m037,
  '038-early-payout': m038,
  '039-super-odds': m039,
  '040-money-records': m040,
  '041-session-under-lock': m041,
  '042-wallet-lock-no-key': m042,
  '043-fixture-field': m043,
  '044-bonus-release': m044,
};

/**
 * PGlite's own start flags with fsync on: its default (`-F`) turns fsync off, and the Emscripten
 * file system it writes through drops every fsync anyway, so an acknowledged bet lived only in the
 * OS cache (trust issue, finding 6). WAL flushes go through fsync (fdatasync is a no-op there).
 */
export const DURABLE_PGLITE_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
];

/**
 * PGlite's Node file system with fsync made real: every fsync PostgreSQL asks for (each commit's WAL
 * flush, checkpoints) reaches the disk through `fs.fsyncSync`, so a committed money movement
 * survives a power loss, not only a killed process. `fsyncs` counts them (the durability test
 * reads it).
 */
export class DurableNodeFS extends NodeFS {
  fsyncs = 0;
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const base = await super.init(...args);
    const opts = base.emscriptenOpts as { preRun?: Array<(module: unknown) => void> };
    const patch = (module: unknown) => {
      const ops = (module as { NODEFS: { stream_ops: Record<string, unknown> } }).NODEFS.stream_ops;
      ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          this.fsyncs++;
        }
        return 0;
      };
    };
    return { ...base, emscriptenOpts: { ...base.emscriptenOpts, preRun: [...(opts.preRun ?? []), patch] } };
  }
}

export interface DbTarget {
  /** A PostgreSQL URL; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  /** A PGlite data folder dumped earlier (`dumpDataDir`) to start from instead of an empty one. */
  loadDataDir?: Blob;
}

/** Opens the database: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDb(target: DbTarget): Promise<{ db: Db; kind: 'postgres' | 'pglite' }> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // The same for a client checked out between two statements (a transaction waiting on the
    // event loop) when the server goes away: without a listener its 'error' event ends the
    // process (AT-06). The query that uses it next fails, and the pool drops the broken client.
    pool.on('connect', (client) => client.on('error', () => {}));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const dir = target.dataDir ?? './data';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // In memory (tests) there is nothing to make durable; on disk every commit is fsynced.
  const pglite = dir.startsWith('memory://')
    ? await PGlite.create({ loadDataDir: target.loadDataDir })
    : await PGlite.create({
        fs: new DurableNodeFS(`${dir}/pglite`),
        startParams: DURABLE_PGLITE_PARAMS,
        loadDataDir: target.loadDataDir,
      });
  return { db: new Kysely<Database>({ dialect: new PgliteDialect(pglite) }), kind: 'pglite' };
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
