import { recordId } from '../../../domain/schemas/common.schema';
import { allow, operator } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { centsToBrl } from '../../../domain/money';
import { liveSessionIds, revokeSessions } from '../../platform/sessions';
import { playerBalances } from '../../platform/money/ledger';
import { protectionOf } from '../protection/protection.service';
import { configuredRtp } from '../games/settings';
import type { ProductRow } from '../../../domain/schemas/back-office.schema';
import { auditEntry, recordAudit } from '../../platform/audit-trail';

/** Players found per search (a search is for one person, not a listing). */
const SEARCH_LIMIT = 20;
/** Postings shown in a player's money history, newest first. */
const LEDGER_PAGE = 200;
/** The longest report range, in days. */
const REPORT_MAX_DAYS = 93;
/** Reports count days as the players live them. */
const REPORT_TIME_ZONE = 'America/Sao_Paulo';

const searchSchema = z.object({ q: z.string().trim().min(2, { message: 'invalidInput' }).max(100) });
const idSchema = recordId();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalidInput' });
const lockSchema = z.strictObject({ reason: z.string().trim().min(3, { message: 'invalidInput' }).max(500) });
const noteSchema = z.strictObject({ text: z.string().trim().min(1, { message: 'invalidInput' }).max(2000) });

const reportSchema = z.object({ from: isoDay, to: isoDay, format: z.enum(['json', 'csv']).default('json') });

/** One day of the daily report; money in BRL. */
export interface DailyRow {
  day: string;
  casinoStakes: number;
  casinoPayouts: number;
  casinoGgr: number;
  sportsStakes: number;
  sportsPayouts: number;
  sportsGgr: number;
  deposits: number;
  withdrawals: number;
  newPlayers: number;
  /** Players whose first paid deposit fell on the day. */
  firstDeposits: number;
}

const CSV_COLUMNS: Array<keyof DailyRow> = [
  'day',
  'casinoStakes',
  'casinoPayouts',
  'casinoGgr',
  'sportsStakes',
  'sportsPayouts',
  'sportsGgr',
  'deposits',
  'withdrawals',
  'newPlayers',
  'firstDeposits',
];

/** Rows as CSV (comma-separated, dot decimals, one header line), for spreadsheets. */
function toCsv<R>(columns: ReadonlyArray<keyof R & string>, rows: R[]): string {
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => String(r[c] ?? '')).join(','))].join('\n') +
    '\n'
  );
}

/** The daily report as CSV. */
export function dailyCsv(rows: DailyRow[]): string {
  return toCsv(CSV_COLUMNS, rows);
}

/** The days from `from` to `to` inclusive, as ISO dates. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Stakes, payouts and GGR per day from the ledger itself: money into a house account (stakes, and
 * reversed payouts of corrected results) and out of it (payouts, refunds). GGR is their difference.
 */
async function dailyReport(ctx: AppContext, from: string, to: string): Promise<DailyRow[]> {
  const day = (column: string) =>
    sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)}, 'YYYY-MM-DD')`;
  const inRange = (column: string) =>
    sql<boolean>`(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)})::date between ${from}::date and ${to}::date`;
  const house = await ctx.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select([
      day('t.created_at').as('day'),
      'a.kind',
      sql<string>`coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)`.as('inflow'),
      sql<string>`coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0)`.as('outflow'),
    ])
    .where('a.kind', 'in', ['house_game', 'house_sports'])
    .where(inRange('t.created_at'))
    .groupBy([day('t.created_at'), 'a.kind'])
    .execute();
  const deposits = await ctx.db
    .selectFrom('deposit_orders')
    .select([day('paid_at').as('day'), sql<string>`sum(amount_cents)`.as('total')])
    .where('paid_at', 'is not', null)
    .where(inRange('paid_at'))
    .groupBy(day('paid_at'))
    .execute();
  const withdrawals = await ctx.db
    .selectFrom('withdrawals')
    .select([day('finished_at').as('day'), sql<string>`sum(amount_cents)`.as('total')])
    .where('payout_state', '=', 'paid')
    .where(inRange('finished_at'))
    .groupBy(day('finished_at'))
    .execute();
  const players = await ctx.db
    .selectFrom('users')
    .select([day('created_at').as('day'), sql<string>`count(*)`.as('total')])
    .where(inRange('created_at'))
    .groupBy(day('created_at'))
    .execute();
  const firstPaid = ctx.db
    .selectFrom('deposit_orders')
    .select(['user_id', sql<Date>`min(paid_at)`.as('first_at')])
    .where('paid_at', 'is not', null)
    .groupBy('user_id')
    .as('f');
  const firsts = await ctx.db
    .selectFrom(firstPaid)
    .select([day('f.first_at').as('day'), sql<string>`count(*)`.as('total')])
    .where(inRange('f.first_at'))
    .groupBy(day('f.first_at'))
    .execute();
  return daysBetween(from, to).map((d) => {
    const game = house.find((h) => h.day === d && h.kind === 'house_game');
    const sports = house.find((h) => h.day === d && h.kind === 'house_sports');
    const cents = (v: string | undefined) => Number(v ?? 0);
    return {
      day: d,
      casinoStakes: centsToBrl(cents(game?.inflow)),
      casinoPayouts: centsToBrl(cents(game?.outflow)),
      casinoGgr: centsToBrl(cents(game?.inflow) - cents(game?.outflow)),
      sportsStakes: centsToBrl(cents(sports?.inflow)),
      sportsPayouts: centsToBrl(cents(sports?.outflow)),
      sportsGgr: centsToBrl(cents(sports?.inflow) - cents(sports?.outflow)),
      deposits: centsToBrl(cents(deposits.find((x) => x.day === d)?.total)),
      withdrawals: centsToBrl(cents(withdrawals.find((x) => x.day === d)?.total)),
      newPlayers: cents(players.find((x) => x.day === d)?.total),
      firstDeposits: cents(firsts.find((x) => x.day === d)?.total),
    };
  });
}

const PRODUCT_COLUMNS: Array<keyof ProductRow> = [
  'product',
  'kind',
  'bets',
  'stakes',
  'payouts',
  'ggr',
  'rtpObserved',
  'rtpConfigured',
];

/**
 * Settled bets of the range per casino game and per sport (a múltipla across sports counts as
 * `multiple`), with the observed RTP next to the configured one so a drifting game shows.
 */
async function productReport(ctx: AppContext, from: string, to: string): Promise<ProductRow[]> {
  const inRange = (column: string) =>
    sql<boolean>`(${sql.ref(column)} at time zone ${sql.lit(REPORT_TIME_ZONE)})::date between ${from}::date and ${to}::date`;
  const casino = await ctx.db
    .selectFrom('bets as b')
    .leftJoin('game_settings as g', 'g.game', 'b.game')
    .select([
      'b.game as product',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(b.amount_cents)`.as('stakes'),
      sql<string>`sum(b.payout_cents)`.as('payouts'),
      sql<string | null>`max(g.edge)`.as('edge'),
    ])
    .where('b.status', '=', 'settled')
    .where(inRange('b.settled_at'))
    .groupBy('b.game')
    .execute();
  const legSports = ctx.db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_fixtures as f', 'f.id', 'l.fixture_id')
    .select([
      'l.bet_id',
      sql<string>`case when count(distinct f.sport) = 1 then min(f.sport) else 'multiple' end`.as('sport'),
    ])
    .groupBy('l.bet_id')
    .as('s');
  const sports = await ctx.db
    .selectFrom('sports_bets as sb')
    .innerJoin(legSports, 's.bet_id', 'sb.id')
    .select([
      's.sport as product',
      sql<string>`count(*)`.as('bets'),
      sql<string>`sum(sb.stake_cents)`.as('stakes'),
      sql<string>`sum(sb.payout_cents)`.as('payouts'),
    ])
    .where('sb.state', '=', 'settled')
    .where(inRange('sb.settled_at'))
    .groupBy('s.sport')
    .execute();
  const row = (
    kind: ProductRow['kind'],
    r: { product: string; bets: string; stakes: string; payouts: string },
    edge: number | null,
  ): ProductRow => {
    const stakes = Number(r.stakes);
    const payouts = Number(r.payouts);
    return {
      product: r.product,
      kind,
      bets: Number(r.bets),
      stakes: centsToBrl(stakes),
      payouts: centsToBrl(payouts),
      ggr: centsToBrl(stakes - payouts),
      rtpObserved: stakes > 0 ? Math.round((payouts / stakes) * 10_000) / 10_000 : null,
      rtpConfigured: edge === null ? null : Math.round((1 - edge) * 10_000) / 10_000,
    };
  };
  return [
    ...casino.map((r) =>
      row('casino', r, r.edge === null ? null : 1 - configuredRtp(r.product, Number(r.edge))),
    ),
    ...sports.map((r) => row('sports', r, null)),
  ].sort((a, b) => b.stakes - a.stakes);
}

/** Players (support) and daily reports (finance) of the back office. */
export async function backOfficeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/players', allow(operator(['support', 'finance'])), async (request, reply) => {
    const { q } = parseInput(searchSchema, request.query);
    const digits = q.replace(/\D/g, '');
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'cpf', 'yqm', 'level', 'kyc', 'created_at'])
      .where((eb) => {
        const any = [
          eb('username', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          eb('yqm', '=', q),
        ];
        if (digits.length === 11) any.push(eb('cpf', '=', digits));
        return eb.or(any);
      })
      .orderBy('id')
      .limit(SEARCH_LIMIT)
      .execute();
    return ok(
      request,
      reply,
      rows.map((r) => ({
        id: r.id,
        username: r.username,
        name: r.name,
        cpf: r.cpf,
        inviteCode: r.yqm,
        vip: r.level,
        kyc: r.kyc,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    );
  });

  app.get<{ Params: { id: string } }>(
    '/api/admin/players/:id',
    allow(operator(['support', 'finance'])),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const user = await ctx.db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'name',
          'cpf',
          'phone',
          'yqm',
          'level',
          'kyc',
          'birth_date',
          'created_at',
          'locked_at',
          'locked_reason',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!user) throw notFound();
      const balances = await playerBalances(ctx.db, id);
      const sessions = await ctx.db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'last_seen_at', 'ip'])
        .where('kind', '=', 'player')
        .where('subject_id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .where('last_seen_at', '>', new Date(Date.now() - ctx.config.sessionIdleMs))
        .orderBy('id', 'desc')
        .execute();
      const notes = await ctx.db
        .selectFrom('player_notes as n')
        .innerJoin('operators as o', 'o.id', 'n.operator_id')
        .select(['n.id', 'n.text', 'n.created_at', 'o.username as operator'])
        .where('n.user_id', '=', id)
        .orderBy('n.id', 'desc')
        .limit(100)
        .execute();
      const exclusion = await ctx.db
        .selectFrom('player_exclusions')
        .select(['kind', 'starts_at', 'ends_at'])
        .where('user_id', '=', id)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return ok(request, reply, {
        id: user.id,
        locked: user.locked_at
          ? { at: new Date(user.locked_at).toISOString(), reason: user.locked_reason }
          : null,
        limits: (await protectionOf(ctx, id)).limits,
        exclusion: exclusion
          ? {
              kind: exclusion.kind,
              startsAt: new Date(exclusion.starts_at).toISOString(),
              endsAt: exclusion.ends_at ? new Date(exclusion.ends_at).toISOString() : null,
            }
          : null,
        notes: notes.map((n) => ({
          id: n.id,
          text: n.text,
          operator: n.operator,
          createdAt: new Date(n.created_at).toISOString(),
        })),
        username: user.username,
        name: user.name,
        cpf: user.cpf,
        phone: user.phone,
        inviteCode: user.yqm,
        vip: user.level,
        kyc: user.kyc,
        birthDate: user.birth_date,
        createdAt: new Date(user.created_at).toISOString(),
        balances: {
          cash: centsToBrl(balances.user_cash),
          bonus: centsToBrl(balances.user_bonus),
          withdrawalHold: centsToBrl(balances.withdrawal_hold),
        },
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: new Date(s.created_at).toISOString(),
          lastSeenAt: new Date(s.last_seen_at).toISOString(),
          ip: s.ip,
        })),
      });
    },
  );

  // The player's money history straight from the ledger: every transaction touching their accounts.
  app.get<{ Params: { id: string } }>(
    '/api/admin/players/:id/ledger',
    allow(operator(['support', 'finance'])),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const rows = await ctx.db
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
        .select([
          't.id as txId',
          't.kind as txKind',
          't.reference',
          't.created_at',
          'a.kind as account',
          'p.amount',
        ])
        .where('a.user_id', '=', id)
        .orderBy('t.id', 'desc')
        .orderBy('p.id')
        .limit(LEDGER_PAGE)
        .execute();
      return ok(
        request,
        reply,
        rows.map((r) => ({
          transactionId: String(r.txId),
          kind: r.txKind,
          reference: r.reference,
          account: r.account,
          amount: centsToBrl(Number(r.amount)),
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },
  );

  // Ends every session of the player now; open sockets are disconnected too.
  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/sessions/end',
    allow(operator(['support'])),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound();
      const ids = await liveSessionIds(ctx, 'player', id);
      await ctx.db
        .transaction()
        .execute((trx) =>
          recordAudit(
            trx,
            auditEntry(request, 'player.sessions.end', `user:${id}`, { sessions: ids }, { sessions: [] }),
          ),
        );
      await revokeSessions(ctx, ids);
      return ok(request, reply, { ended: ids.length });
    },
  );

  /**
   * Locks (with a reason) or unlocks an account, audited with the state before. A lock refuses login
   * with 'accountLocked' and then ends every session and socket: locked first, so no login slips in.
   */
  async function setLock(request: FastifyRequest, id: number, reason: string | null) {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select(['locked_at', 'locked_reason'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound();
      await trx
        .updateTable('users')
        .set(
          reason === null
            ? { locked_at: null, locked_reason: '' }
            : { locked_at: before.locked_at ?? new Date(), locked_reason: reason },
        )
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        auditEntry(
          request,
          reason === null ? 'player.unlock' : 'player.lock',
          `user:${id}`,
          { locked: Boolean(before.locked_at), reason: before.locked_reason },
          { locked: reason !== null, reason: reason ?? '' },
        ),
      );
    });
    if (reason === null) return 0;
    const sessions = await liveSessionIds(ctx, 'player', id);
    await revokeSessions(ctx, sessions);
    return sessions.length;
  }

  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/lock',
    allow(operator(['support'])),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { reason } = parseInput(lockSchema, request.body);
      return ok(request, reply, { locked: true, ended: await setLock(request, id, reason) });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/unlock',
    allow(operator(['support'])),
    async (request, reply) => {
      await setLock(request, parseInput(idSchema, request.params.id), null);
      return ok(request, reply, { locked: false });
    },
  );

  // Notes are append-only, like the audit trail they are written to: a note is never edited.
  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/notes',
    allow(operator(['support', 'finance'])),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { text } = parseInput(noteSchema, request.body);
      const note = await ctx.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) throw notFound();
        const row = await trx
          .insertInto('player_notes')
          .values({ user_id: id, operator_id: request.session!.subjectId, text })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordAudit(
          trx,
          auditEntry(request, 'player.note', `user:${id}`, null, { note: row.id, text }),
        );
        return row;
      });
      return ok(request, reply, { id: note.id, createdAt: new Date(note.created_at).toISOString() });
    },
  );

  /** A report route: a range of at most REPORT_MAX_DAYS days, as JSON or as a CSV download. */
  function reportRoute<R>(
    path: string,
    filePrefix: string,
    columns: ReadonlyArray<keyof R & string>,
    build: (from: string, to: string) => Promise<R[]>,
  ) {
    app.get(path, allow(operator(['finance'])), async (request, reply) => {
      const input = parseInput(reportSchema, request.query);
      const span = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
      if (!(span >= 0 && span < REPORT_MAX_DAYS)) throw badRequest('invalidInput');
      const rows = await build(input.from, input.to);
      if (input.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filePrefix}${input.from}-${input.to}.csv"`)
          .send(toCsv(columns, rows));
      }
      return ok(request, reply, rows);
    });
  }

  reportRoute('/api/admin/reports/daily', 'trevo-', CSV_COLUMNS, (from, to) => dailyReport(ctx, from, to));
  reportRoute('/api/admin/reports/products', 'trevo-produtos-', PRODUCT_COLUMNS, (from, to) =>
    productReport(ctx, from, to),
  );
}
