import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * Leader election for background loops: a row per loop with a holder and an expiry. Any number of
 * instances may run; the one holding an unexpired lease drives the loop, and another takes over
 * within one lease period if it dies. Unlike a session advisory lock, it holds no connection,
 * so it works the same on PGlite and on a pooled PostgreSQL.
 */
export const INSTANCE_ID = randomUUID();

/** Takes or renews the lease `name` for `ttlMs`; true when this instance holds it. */
export async function holdLease(db: Db, name: string, ttlMs: number, holder = INSTANCE_ID): Promise<boolean> {
  const expires = new Date(Date.now() + ttlMs);
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expires })
        .where((eb) =>
          eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', sql<Date>`now()`)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/**
 * Runs `tick` every `intervalMs` while this instance holds the lease. Errors are logged and the
 * loop goes on; `stop` waits for a running tick to end. `onAcquire` runs before the first tick
 * each time this instance becomes the driver: whoever drove the loop before stopped (a crash, a
 * restart, a stall), and work it left half done can be resolved there.
 */
export function leasedLoop(
  db: Db,
  name: string,
  intervalMs: number,
  tick: () => Promise<void>,
  log: { error(obj: object, msg: string): void },
  onAcquire?: () => Promise<void>,
) {
  let running: Promise<void> | undefined;
  let stopped = false;
  // Only a lease seen taken by another instance (or never held) makes this a new driver; a failed
  // renewal (a database error) leaves it as it was, so a healthy round is not cancelled by a blip.
  let driving = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const held = await holdLease(db, name, Math.max(intervalMs * 3, 5_000));
        if (!held) {
          driving = false;
          return;
        }
        if (!driving) {
          await onAcquire?.();
          driving = true;
        }
        await tick();
      } catch (err) {
        log.error({ err, loop: name }, 'background loop failed');
      } finally {
        running = undefined;
      }
    })();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
