import { z } from 'zod';
import {
  betLookupParams,
  betLookupSchema,
  playerSearchSchema,
  playersPageSchema,
  playerLockSchema,
  type BetLookup,
  playerNoteSchema,
  reportQuerySchema,
  dailyReportRowSchema,
  productRowSchema,
  marginRowSchema,
  type MarginRow,
} from '../../../domain/schemas/back-office.schema';
import {
  playerHistoryPageSchema,
  playerLockedSchema,
  playerNoteAddedSchema,
  playerPostingSchema,
  playerProfileSchema,
  playerUnlockedSchema,
  sessionsEndedSchema,
} from '../../../domain/schemas/console-players.schema';
import { recordId } from '../../../domain/schemas/common.schema';
import { saoPauloDayEnd, saoPauloDayStart } from '../../../domain/sao-paulo-days';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { centsToBrl } from '../../../domain/money';
import { liveSessionIds, revokeSessions } from '../../platform/sessions';
import { playerBalances } from '../../platform/money/ledger';
import { protectionOf } from '../protection/protection.service';
import {
  playerHistoryQuerySchema,
  type AdminDeposit,
  type ProductRow,
} from '../../../domain/schemas/back-office.schema';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  addPlayerNote,
  findBetById,
  findCurrentExclusion,
  findDepositOrders,
  findLivePlayerSessions,
  findPlayerAccount,
  findPlayerNotes,
  findPlayerPostings,
  playerExists,
  findPlayers,
  setPlayerLock,
} from './players.repository';
import { dailyReport, marginReport, productReport, type DailyRow } from './reports.repository';
import { recordOperatorAction } from './audit.repository';
import { listWithdrawals } from './withdrawals.service';
import { gameRecords } from '../users/records.service';
import { sportsBetsPage } from '../sports/bets.service';
import { countColumn, moneyColumn, ratioColumn, textColumn, toCsv, type CsvColumn } from '../../platform/csv';
import { gameByKey } from '../../../domain/codes';
import { SPORTS } from '../../../domain/sports/sports';

/** The longest report range, in days. */
const REPORT_MAX_DAYS = 93;

const idSchema = recordId();
/** The `:id` of a path, as the routes declare it (parsed field by field with idSchema). */
const idParams = z.object({ id: idSchema });

const CSV_COLUMNS: ReadonlyArray<CsvColumn<DailyRow>> = [
  textColumn('Dia', (r) => r.day),
  moneyColumn('Apostas cassino (R$)', (r) => r.casinoStakes),
  moneyColumn('Prêmios cassino (R$)', (r) => r.casinoPayouts),
  moneyColumn('GGR cassino (R$)', (r) => r.casinoGgr),
  moneyColumn('Apostas esportes (R$)', (r) => r.sportsStakes),
  moneyColumn('Prêmios esportes (R$)', (r) => r.sportsPayouts),
  moneyColumn('GGR esportes (R$)', (r) => r.sportsGgr),
  moneyColumn('Depósitos (R$)', (r) => r.deposits),
  moneyColumn('Saques (R$)', (r) => r.withdrawals),
  countColumn('Novos jogadores', (r) => r.newPlayers),
  countColumn('Primeiros depósitos', (r) => r.firstDeposits),
];

/** The daily report as CSV. */
export function dailyCsv(rows: DailyRow[]): string {
  return toCsv(CSV_COLUMNS, rows);
}

/** A product's name as players see it: the game's (DICE) or the sport's (Futebol). */
function productName(product: string): string {
  const game = gameByKey(product);
  return game?.gameNameEn ?? SPORTS.find((s) => s.key === product)?.name ?? product;
}

const PRODUCT_COLUMNS: ReadonlyArray<CsvColumn<ProductRow>> = [
  textColumn('Produto', (r) => productName(r.product)),
  textColumn('Tipo', (r) => (r.kind === 'casino' ? 'Cassino' : 'Esportes')),
  countColumn('Apostas', (r) => r.bets),
  moneyColumn('Valor apostado (R$)', (r) => r.stakes),
  moneyColumn('Prêmios (R$)', (r) => r.payouts),
  moneyColumn('GGR (R$)', (r) => r.ggr),
  ratioColumn('RTP observado', (r) => r.rtpObserved),
  ratioColumn('RTP configurado', (r) => r.rtpConfigured),
];

const GROUP_NAMES: Record<MarginRow['group'], string> = {
  main: 'Linhas principais',
  secondary: 'Mercados secundários',
  niche: 'Mercados de nicho',
  parlay: 'Múltiplas',
  builder: 'Criar Aposta',
};
const MARGIN_COLUMNS: ReadonlyArray<CsvColumn<MarginRow>> = [
  textColumn('Grupo', (r) => GROUP_NAMES[r.group]),
  textColumn('Nível', (r) => (r.tier === null ? '' : String(r.tier))),
  countColumn('Apostas', (r) => r.bets),
  moneyColumn('Valor apostado (R$)', (r) => r.stakes),
  moneyColumn('Devolvido (R$)', (r) => r.returns),
  moneyColumn('GGR (R$)', (r) => r.ggr),
  ratioColumn('Margem do livro', (r) => r.marginBook),
  ratioColumn('Retenção esperada', (r) => r.holdExpected),
  ratioColumn('Retenção observada', (r) => r.holdObserved),
];

/** Players (support) and daily reports (finance) of the back office. */
export async function backOfficeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/admin/players',
    allow(operator(ROLES.playerDesk), { query: playerSearchSchema, response: playersPageSchema }),
    async (request, reply) => {
      const input = parseInput(playerSearchSchema, request.query);
      if (input.from && input.to && input.from > input.to) throw badRequest('invalidInput');
      const { rows, total } = await findPlayers(
        ctx.db,
        {
          q: input.q,
          status: input.status,
          review: input.review,
          vip: input.vip,
          since: input.from ? saoPauloDayStart(input.from) : undefined,
          until: input.to ? saoPauloDayEnd(input.to) : undefined,
        },
        input.page,
        input.size,
      );
      return ok(request, reply, {
        list: rows.map((r) => ({
          id: r.id,
          username: r.username,
          name: r.name,
          cpf: r.cpf,
          inviteCode: r.yqm,
          vip: r.level,
          kyc: r.kyc,
          kycReview: r.kyc_review,
          locked: r.locked_at !== null,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        total,
      });
    },
  );

  // "Minha aposta sumiu": a bet found by the number the player reads from their records.
  app.get<{ Params: { id: string } }>(
    '/api/admin/bets/:id',
    allow(operator(ROLES.playerDesk), { params: betLookupParams, response: betLookupSchema }),
    async (request, reply) => {
      const { id } = parseInput(betLookupParams, request.params);
      const bet = await findBetById(ctx.db, id);
      if (!bet) throw notFound();
      const found: BetLookup = {
        kind: bet.kind,
        id: bet.id,
        userId: bet.user_id,
        username: bet.username,
        product: bet.product,
        stake: centsToBrl(Number(bet.stake)),
        payout: centsToBrl(Number(bet.payout)),
        state: bet.state,
        placedAt: new Date(bet.placed_at).toISOString(),
        settledAt: bet.settled_at ? new Date(bet.settled_at).toISOString() : null,
      };
      return ok(request, reply, found);
    },
  );

  // Support answers "cadê meu saque?" and "minha aposta sumiu" from here (issue 19, item 3).
  app.get<{ Params: { id: string } }>(
    '/api/admin/players/:id/history',
    allow(operator(ROLES.playerDesk), {
      params: idParams,
      query: playerHistoryQuerySchema,
      response: playerHistoryPageSchema,
    }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { kind, page, size } = parseInput(playerHistoryQuerySchema, request.query);
      if (!(await findPlayerAccount(ctx.db, id))) throw notFound();
      if (kind === 'casino') return ok(request, reply, await gameRecords(ctx, id, page, size));
      if (kind === 'sports')
        return ok(request, reply, await sportsBetsPage(ctx, app.sports, id, {}, { page, size }));
      if (kind === 'withdrawals')
        return ok(request, reply, await listWithdrawals(ctx, { userId: id, page, size }));
      const { rows, total } = await findDepositOrders(ctx.db, id, page, size);
      const list: AdminDeposit[] = rows.map((r) => ({
        id: r.id,
        pkgId: r.pkg_id,
        amount: centsToBrl(Number(r.amount_cents)),
        gift: centsToBrl(Number(r.gift_cents)),
        status: r.status,
        note: r.note,
        txid: r.txid,
        endToEndId: r.end_to_end_id,
        createdAt: new Date(r.created_at).toISOString(),
        paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
      }));
      return ok(request, reply, { list, total });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/players/:id',
    allow(operator(ROLES.playerDesk), { params: idParams, response: playerProfileSchema }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const user = await findPlayerAccount(ctx.db, id);
      if (!user) throw notFound();
      const balances = await playerBalances(ctx.db, id);
      const sessions = await findLivePlayerSessions(ctx.db, id, ctx.config.sessionIdleMs);
      const notes = await findPlayerNotes(ctx.db, id);
      const exclusion = await findCurrentExclusion(ctx.db, id);
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
        kycReview: user.kyc_review,
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
    allow(operator(ROLES.playerDesk), { params: idParams, response: z.array(playerPostingSchema) }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const rows = await findPlayerPostings(ctx.db, id);
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
    allow(operator(ROLES.playerGuard), { params: idParams, response: sessionsEndedSchema }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      if (!(await playerExists(ctx.db, id))) throw notFound();
      const ids = await liveSessionIds(ctx, 'player', id);
      await recordOperatorAction(
        ctx.db,
        auditEntry(request, 'player.sessions.end', `user:${id}`, { sessions: ids }, { sessions: [] }),
      );
      await revokeSessions(ctx, ids);
      return ok(request, reply, { ended: ids.length });
    },
  );

  /**
   * Locks (with a reason) or unlocks an account, audited with the state before. A lock refuses login
   * with 'accountLocked' and ends every session in its own transaction, under the player's row (so
   * no login slips in and no bet is taken after it), then the sockets.
   */
  async function setLock(request: FastifyRequest, id: number, reason: string | null) {
    const ended = await setPlayerLock(ctx.db, id, reason, (trx, before) =>
      recordAudit(
        trx,
        auditEntry(
          request,
          reason === null ? 'player.unlock' : 'player.lock',
          `user:${id}`,
          { locked: Boolean(before.locked_at), reason: before.locked_reason },
          { locked: reason !== null, reason: reason ?? '' },
        ),
      ),
    );
    ctx.realtime.disconnectSessions(ended);
    return ended.length;
  }

  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/lock',
    allow(operator(ROLES.playerGuard), {
      params: idParams,
      body: playerLockSchema,
      response: playerLockedSchema,
    }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { reason } = parseInput(playerLockSchema, request.body);
      return ok(request, reply, { locked: true, ended: await setLock(request, id, reason) });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/unlock',
    allow(operator(ROLES.playerGuard), { params: idParams, response: playerUnlockedSchema }),
    async (request, reply) => {
      await setLock(request, parseInput(idSchema, request.params.id), null);
      return ok(request, reply, { locked: false });
    },
  );

  // Notes are append-only, like the audit trail they are written to: a note is never edited.
  app.post<{ Params: { id: string } }>(
    '/api/admin/players/:id/notes',
    allow(operator(ROLES.playerDesk), {
      params: idParams,
      body: playerNoteSchema,
      response: playerNoteAddedSchema,
    }),
    async (request, reply) => {
      const id = parseInput(idSchema, request.params.id);
      const { text } = parseInput(playerNoteSchema, request.body);
      const note = await addPlayerNote(
        ctx.db,
        { userId: id, operatorId: request.session!.subjectId, text },
        (trx, row) =>
          recordAudit(trx, auditEntry(request, 'player.note', `user:${id}`, null, { note: row.id, text })),
      );
      return ok(request, reply, { id: note.id, createdAt: new Date(note.created_at).toISOString() });
    },
  );

  /**
   * A report route: a range of at most REPORT_MAX_DAYS days, as JSON (rows of `row`) or as a CSV
   * download (which answers no envelope, so the contract describes the JSON).
   */
  function reportRoute<R>(
    path: string,
    filePrefix: string,
    columns: ReadonlyArray<CsvColumn<R>>,
    row: z.core.$ZodType<R>,
    build: (from: string, to: string) => Promise<R[]>,
  ) {
    const contract = { query: reportQuerySchema, response: z.array(row) };
    app.get(path, allow(operator(['finance']), contract), async (request, reply) => {
      const input = parseInput(reportQuerySchema, request.query);
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

  reportRoute('/api/admin/reports/daily', 'trevo-', CSV_COLUMNS, dailyReportRowSchema, (from, to) =>
    dailyReport(ctx.db, from, to),
  );
  reportRoute(
    '/api/admin/reports/products',
    'trevo-produtos-',
    PRODUCT_COLUMNS,
    productRowSchema,
    (from, to) => productReport(ctx.db, from, to),
  );
  reportRoute('/api/admin/reports/margins', 'trevo-margens-', MARGIN_COLUMNS, marginRowSchema, (from, to) =>
    marginReport(ctx.db, from, to),
  );
}
