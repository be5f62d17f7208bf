import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notLoggedIn } from '../../infra/http/errors';
import { centsToBrl, decimalText, parseAmount } from '../../../domain/money';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  SESSION_LIMIT_MAX_MINUTES,
  type ExclusionInput,
  type LimitInput,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  type SessionSummary,
} from '../../../domain/schemas/protection.schema';
import type { Db } from '../../infra/db/connection';
import type { Trx } from '../../infra/db/connection';
import { endPlayerSessions, liveSessionIds, revokeSessions } from '../../platform/sessions';
import { lockPlayer } from '../../platform/money/lock-order';
import { isPlayerPassword } from '../../platform/player-password';
import {
  activeExclusion,
  applyDueLimitChanges,
  depositedCents,
  gamingNetCents,
  insertExclusion,
  insertLimit,
  insertLimitHit,
  limitOf,
  limitRowsOf,
  lockedAtOf,
  lossLimitLeft,
  lostCents,
  lowerLimit,
  playersWithSessionLimitOnline,
  realityCheckMinutesOf,
  scheduleLimitChange,
  sessionSeconds,
  sessionStartedAt,
  setRealityCheckMinutes,
} from './protection.repository';

/**
 * Player protection (issue 9): limits the player sets on themself, cool-offs and self-exclusion.
 * Windows are rolling (the last 24 hours, 7 days, 30 days), so no calendar edge resets a limit.
 */

const WINDOW_MS: Record<LimitPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};

const NO_PARAMS: Record<string, string> = {};

/** São Paulo's date and time for messages ("23/11/2026 14:05"). */
const whenFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  pendingAmount: number | null;
  pendingFrom: Date | null;
}

/** The player's limit rows, with every raise or removal whose 24 h have passed applied first. */
async function limitRows(db: Db | Trx, userId: number): Promise<LimitRow[]> {
  await applyDueLimitChanges(db, userId);
  const rows = await limitRowsOf(db, userId);
  return rows.map((r) => ({
    kind: r.kind,
    period: r.period,
    amount: Number(r.amount),
    pendingAmount: r.pending_amount === null ? null : Number(r.pending_amount),
    pendingFrom: r.pending_from,
  }));
}

/** Minutes the player's sessions were active in the window (from login to last activity). */
async function sessionMinutes(ctx: AppContext, userId: number, since: Date): Promise<number> {
  return Math.floor(Math.max(0, await sessionSeconds(ctx.db, userId, since)) / 60);
}

async function usedOf(
  ctx: AppContext,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
): Promise<number> {
  const since = new Date(Date.now() - WINDOW_MS[period]);
  if (kind === 'deposit') return depositedCents(ctx.db, userId, since);
  if (kind === 'loss') return lostCents(ctx.db, userId, since);
  return sessionMinutes(ctx, userId, since);
}

/** Money limits show in BRL, the session limit in minutes. */
const shown = (kind: LimitKind, value: number) => (kind === 'session' ? value : centsToBrl(value));

/** `GET /api/app/user/protection`: the limits with what each window has used, and any exclusion. */
export async function protectionOf(ctx: AppContext, userId: number) {
  const rows = await limitRows(ctx.db, userId);
  const limits: LimitView[] = [];
  for (const row of rows) {
    limits.push({
      kind: row.kind,
      period: row.period,
      amount: shown(row.kind, row.amount),
      used: shown(row.kind, await usedOf(ctx, userId, row.kind, row.period)),
      pending: row.pendingFrom
        ? {
            amount: row.pendingAmount === null ? null : shown(row.kind, row.pendingAmount),
            from: row.pendingFrom.toISOString(),
          }
        : null,
    });
  }
  limits.sort(
    (a, b) =>
      LIMIT_KINDS.indexOf(a.kind) - LIMIT_KINDS.indexOf(b.kind) ||
      LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period),
  );
  return { limits, realityCheckMinutes: await realityCheckMinutesOf(ctx.db, userId) };
}

/** Sets or clears the player's reality-check interval (takes effect at once: it only reminds). */
export async function setRealityCheck(
  ctx: AppContext,
  userId: number,
  minutes: number | null,
): Promise<void> {
  await setRealityCheckMinutes(ctx.db, userId, minutes);
}

/**
 * The calling session so far, for the reality check: how long it has lasted and the net result of
 * the money that moved between the player's wallets and the casino or the sportsbook since it began
 * (stakes out, payouts and refunds in), straight from the ledger.
 */
export async function sessionSummary(
  ctx: AppContext,
  userId: number,
  sessionId: number,
): Promise<SessionSummary> {
  const since = await sessionStartedAt(ctx.db, sessionId);
  const net = await gamingNetCents(ctx.db, userId, since);
  return {
    startedAt: since.toISOString(),
    minutes: Math.floor((Date.now() - since.getTime()) / 60_000),
    net: centsToBrl(net),
    realityCheckMinutes: await realityCheckMinutesOf(ctx.db, userId),
  };
}

/** Reads the wire amount of a limit: centavos for money, minutes for session; null removes. */
function limitAmount(input: LimitInput): number | null {
  if (input.amount === null) return null;
  if (input.kind === 'session') {
    const minutes = input.amount;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1) {
      throw badRequest('limitSessionInvalid');
    }
    if (minutes > SESSION_LIMIT_MAX_MINUTES) throw badRequest('limitSessionInvalid');
    return minutes;
  }
  const parsed = parseAmount(input.amount);
  if (!parsed.ok) throw badRequest('limitAmountInvalid');
  return parsed.cents;
}

/**
 * Sets, lowers, raises or removes one limit. A new or lower limit applies at once; a raise or a
 * removal waits 24 h (research/brazil.md §5.3), and asking again while it waits restarts nothing
 * but the amount. Returns the message key and its parameters. The limit is read and written under
 * the player's row lock: two requests at once judged the same amount, so a lower one could be
 * overwritten by a higher one at once (the player told the lower applied), and two first limits
 * both inserted (a 500).
 */
export async function setLimit(ctx: AppContext, userId: number, input: LimitInput) {
  const amount = limitAmount(input);
  return ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    await limitRows(trx, userId);
    const current = await limitOf(trx, userId, input.kind, input.period);
    const limit = { userId, kind: input.kind, period: input.period };
    if (!current) {
      if (amount !== null) await insertLimit(trx, { ...limit, amount });
      return { key: 'limitLowered' as const, params: NO_PARAMS };
    }
    if (amount !== null && amount <= Number(current.amount)) {
      // A raise still waiting is withdrawn with it: it never takes effect.
      await lowerLimit(trx, { ...limit, amount });
      return { key: 'limitLowered' as const, params: NO_PARAMS };
    }
    const from = current.pending_from ?? new Date(Date.now() + LIMIT_RAISE_DELAY_MS);
    // The raise takes effect at `from`: the responsible-gaming queue watches deposits soon after.
    await scheduleLimitChange(trx, { ...limit, amount, from }, !current.pending_from);
    return { key: 'limitPending' as const, params: { from: whenFormat.format(from) } };
  });
}

/**
 * Refuses a deposit that would pass any of the player's deposit limits, saying how much is left.
 * With `trx`, the orders are counted in that transaction: the caller holds the player's row lock,
 * so two requests cannot both count the window before either order exists (trust review: on
 * PostgreSQL, 3 of 10 simultaneous R$ 100 orders passed a R$ 100 limit).
 */
export async function assertDepositAllowed(
  ctx: AppContext,
  userId: number,
  cents: number,
  trx?: Trx,
): Promise<void> {
  for (const row of await limitRows(trx ?? ctx.db, userId)) {
    if (row.kind !== 'deposit') continue;
    const used = await depositedCents(trx ?? ctx.db, userId, new Date(Date.now() - WINDOW_MS[row.period]));
    if (used + cents > row.amount) {
      const left = Math.max(0, row.amount - used);
      throw new LimitReached(userId, `deposit/${row.period}`, 400, 'depositLimitReached', {
        left: decimalText(centsToBrl(left)),
      });
    }
  }
}

/**
 * Why a paid charge must go back instead of being credited, or null to credit it. An order is
 * checked when it is made, but the player may lower a deposit limit or exclude themselves before
 * paying it (red-team review: a R$ 50.000 order made before a R$ 100 limit was still credited).
 * Runs in the crediting transaction under the player's row lock; only credited deposits count here,
 * since an open charge that is never paid must not stand in a paid one's way.
 */
export async function depositRefusalAtPayment(
  trx: Trx,
  userId: number,
  cents: number,
): Promise<string | null> {
  const block = await playerBlock(trx, userId);
  if (block?.kind === 'locked') return 'conta bloqueada pelo operador: devolvido';
  if (block) return 'jogador em autoexclusão: devolvido';
  for (const row of await limitRows(trx, userId)) {
    if (row.kind !== 'deposit') continue;
    const used = await depositedCents(trx, userId, new Date(Date.now() - WINDOW_MS[row.period]), true);
    if (used + cents > row.amount) return 'limite de depósito excedido: devolvido';
  }
  return null;
}

/**
 * A refusal because one of the player's own limits is used up. The responsible-gaming queue counts
 * these (issue 19: limits hit often), so the error carries whose limit it was; it is recorded after
 * the refused request's transaction has rolled back (recordLimitHit, from the error handler).
 */
export class LimitReached extends AppError {
  constructor(
    readonly userId: number,
    /** `deposit/day`, `loss/week`, `session/month`, … or `loss` where the window is the rule's. */
    readonly limit: string,
    ...rest: ConstructorParameters<typeof AppError>
  ) {
    super(...rest);
  }
}

/**
 * Records a limit the player hit (the responsible-gaming queue reads these), at most once a minute
 * per limit: a player hammering a refused bet, or a client retrying it, is one hit a minute, not
 * thousands of rows (red-team review: 2,757 rows in 10 s from one repeated request).
 */
export async function recordLimitHit(db: Db, hit: LimitReached): Promise<void> {
  await insertLimitHit(db, hit.userId, `${hit.limit} ${hit.key}`);
}

/** The refusal of a stake over a loss limit, saying how much may still be risked. */
export const lossLimitReached = (userId: number, leftCents: number) =>
  new LimitReached(userId, 'loss', 400, 'lossLimitReached', {
    left: decimalText(centsToBrl(leftCents)),
  });

/**
 * Refuses a stake that could take the player's net loss past a loss limit (the stake counts whole:
 * it may be lost). Runs inside the bet's transaction, once per bet: it takes the player's row first
 * (the lock order of money, platform/money/lock-order.ts), so two bets of one player cannot both
 * pass the check on the same loss, then asks `loss_limit_left` (migration 019), the rule the
 * one-call instant bets use too, in a statement of its own: on PostgreSQL a statement that both
 * locked the row and called the (stable) function read the losses as they were before the lock was
 * granted, so a bet waiting on the lock judged without the bet it waited for. `now` is the clock
 * the bet is stamped with (the sportsbook's, which tests move), so the window holds the bets it
 * counts. `amount` is the wire value; the game itself refuses a bad one.
 */
export async function assertStakeAllowed(
  trx: Trx,
  userId: number,
  amount: unknown,
  now: Date,
): Promise<void> {
  const parsed = parseAmount(amount);
  if (!parsed.ok) return;
  const { locked_at } = await lockPlayer(trx, userId, ['locked_at']);
  // A lock or an exclusion recorded while this bet waited for the row ended its session with it
  // (endPlayerSessions): judged here, under the row, no stake is taken after either.
  if (locked_at || (await activeExclusion(trx, userId))) throw notLoggedIn('loginAgain');
  const left = await lossLimitLeft(trx, userId, parsed.cents, now);
  if (left !== null) throw lossLimitReached(userId, left);
}

/** True when a session-time limit of the player is used up in its window. */
async function sessionTimeUsedUp(ctx: AppContext, userId: number): Promise<boolean> {
  for (const row of await limitRows(ctx.db, userId)) {
    if (row.kind !== 'session') continue;
    if ((await sessionMinutes(ctx, userId, new Date(Date.now() - WINDOW_MS[row.period]))) >= row.amount)
      return true;
  }
  return false;
}

/** Refuses a new session while a session-time limit is used up. */
export async function assertSessionTimeLeft(ctx: AppContext, userId: number): Promise<void> {
  if (await sessionTimeUsedUp(ctx, userId))
    throw new LimitReached(userId, 'session', 403, 'sessionLimitReached');
}

/**
 * The session-time limit at work (a job, every minute): ends the sessions and sockets of every
 * player whose limit is used up. Returns how many players were logged out.
 */
export async function endSessionsOverTime(ctx: AppContext): Promise<number> {
  const players = await playersWithSessionLimitOnline(ctx.db);
  let ended = 0;
  for (const userId of players) {
    if (!(await sessionTimeUsedUp(ctx, userId))) continue;
    await revokeSessions(ctx, await liveSessionIds(ctx, 'player', userId));
    ended++;
  }
  return ended;
}

/**
 * What shuts the player's doors now: an operator's lock (issue 8), or a cool-off or self-exclusion
 * in force. One rule for signing in (assertNotExcluded) and for crediting a payment
 * (depositRefusalAtPayment).
 */
async function playerBlock(db: Db | Trx, userId: number) {
  if (await lockedAtOf(db, userId)) return { kind: 'locked' as const };
  const exclusion = await activeExclusion(db, userId);
  return exclusion ? { kind: 'excluded' as const, endsAt: exclusion.ends_at } : null;
}

/** Refuses a new player session during a lock, cool-off or self-exclusion (login, hand-off, sign-up links). */
export async function assertNotExcluded(ctx: AppContext, userId: number): Promise<void> {
  const block = await playerBlock(ctx.db, userId);
  if (!block) return;
  if (block.kind === 'locked') throw new AppError(403, 'accountLocked');
  if (block.endsAt === null) throw new AppError(403, 'excludedPermanent');
  throw new AppError(403, 'excludedUntil', { until: whenFormat.format(block.endsAt) });
}

/**
 * Starts a cool-off or a self-exclusion after checking the password, then ends every session and
 * socket of the player at once. It cannot be shortened or undone by the player.
 */
export async function exclude(ctx: AppContext, userId: number, input: ExclusionInput): Promise<void> {
  if (!(await isPlayerPassword(ctx.db, userId, input.pwd))) {
    throw badRequest('passwordWrong');
  }
  const endsAt =
    input.kind === 'cooloff'
      ? new Date(Date.now() + input.hours * 3_600_000)
      : input.months === null
        ? null
        : new Date(Date.now() + input.months * 30 * 24 * 3_600_000);
  // Under the player's row, with the sessions: a bet on its way either took its stake before this
  // or finds the exclusion (assertStakeAllowed, play_instant) — none lands after it.
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    await insertExclusion(trx, { userId, kind: input.kind, endsAt });
    return endPlayerSessions(trx, userId);
  });
  ctx.realtime.disconnectSessions(ended);
}
