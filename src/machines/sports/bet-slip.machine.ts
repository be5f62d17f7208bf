import { assign, fromPromise, setup } from 'xstate';
import { BodyStatus } from '../../../domain/codes';
import { parseAmount } from '../../../domain/money';
import { combinedOddsMilli, potentialReturnCents } from '../../../domain/sports/settlement';
import { ApiError } from '../../services/api-client';
import { isOutcomeUnknown, keyForAction, type ActionKey } from '../../services/idempotency';
import {
  fetchMyBets,
  placeSportsBet,
  type BetLeg,
  type OddsChangePreference,
  type PlacedSportsBet,
} from '../../services/sports-api';
import { selectionKey } from './slip-selection';
import { limitBreach, type SlipLimitBreach } from './slip-limits';
import type { SportsLimits } from '../../../domain/sports/sports-answers.schema';

/**
 * The sportsbook's bet slip (design/sports.md "Betting"): the player collects selections from the
 * pages, chooses singles ("Simples", one bet per selection, one call each) or a parlay ("Múltipla",
 * one bet with every selection), types the stake, and places. Prices on the slip follow the feed
 * (`feed.odds`) and remember which way they moved; the server applies the odds-change preference.
 * Each placement sends a fresh Idempotency-Key per bet (kept only to retry a bet whose outcome is
 * unknown). A live bet waits the sport's delay on the server: the slip then follows it until it is
 * accepted or refused (−11). Refusals show the server's pt-BR message and code.
 */

/** A placement gives up waiting after this (the server may still take it: "Minhas apostas" tells). */
export const PLACE_TIMEOUT_MS = 15_000;
/** A live bet's confirmation is followed this long; the slowest sport's delay is 10 s at speed 1. */
export const CONFIRM_TIMEOUT_MS = 15_000;
/** How often the pending live bets are looked up while the slip waits for their decision. */
export const CONFIRM_POLL_MS = 1_000;
/** The most selections a slip takes (the server's default parlay limit is 20 legs). */
export const MAX_SELECTIONS = 20;

/** One selection on the slip, with what the pages showed for it. */
export interface SlipSelection {
  fixtureId: string;
  /** "Casa x Fora". */
  fixture: string;
  marketId: string;
  market: string;
  outcomeId: string;
  outcome: string;
  odds: number;
  live: boolean;
  /** Which way the price moved since it was added (or last moved); null when unchanged. */
  moved: 'up' | 'down' | null;
  /** False while the market is suspended, closed or the selection inactive. */
  available: boolean;
}

/** The key of a selection on the slip. */
export { selectionKey };

export type SlipMode = 'single' | 'multiple';

/** Why the slip did not call the server. */
export type SlipProblem =
  | 'noSelections'
  | 'fillBetAmount'
  | 'checkInput'
  | 'sameFixture'
  | 'unavailable'
  | 'tooFewForMultiple'
  /** A limit of the operator's (slipLimitBreach says which, while the slip stands). */
  | 'overLimit';

/** One bet of a placement: a single (one leg) or the múltipla (every leg). */
export interface SlipTicket {
  id: string;
  selectionKeys: string[];
  legs: BetLeg[];
  stakeCents: number;
  key: ActionKey;
}

/** What became of one ticket. */
export type TicketResult =
  | {
      ok: true;
      ticketId: string;
      selectionKeys: string[];
      bet: PlacedSportsBet;
      /** After a live bet's delay: accepted (`open`), refused (`refused`, −11), or still `pending`. */
      state: string;
      result: number;
      resultText: string;
    }
  | {
      ok: false;
      ticketId: string;
      selectionKeys: string[];
      /** The server's pt-BR message (or the client's for a lost connection). */
      message: string;
      /** The envelope status (the specification's code), or the HTTP status, or null. */
      code: number | null;
      /** True when the server may have taken the bet: the next try reuses the key. */
      unknown: boolean;
    };

/** What the placement actor gets. */
export interface PlaceInput {
  tickets: SlipTicket[];
  oddsChange: OddsChangePreference;
}

/** What the confirmation actor gets: the bets waiting their live delay. */
export interface ConfirmInput {
  betIds: string[];
}

/** A decided live bet. */
export interface ConfirmedBet {
  betId: string;
  state: string;
  result: number;
  resultText: string;
}

/** An odds push (`sports.odds`) or a refresh of a fixture's markets. */
export interface OddsUpdate {
  fixtureId: string;
  suspended?: boolean;
  markets?: Array<{
    id: string;
    status: number;
    outcomes: Array<{ id: string; odds: number | null; active: boolean }>;
  }>;
}

export interface BetSlipContext {
  selections: SlipSelection[];
  mode: SlipMode;
  /** The stake field as typed ("10,00"); in singles it is the stake of each bet. */
  stakeText: string;
  oddsChange: OddsChangePreference;
  /** The operator's limits (`GET /sports/limits`); null until they arrive, and the server checks. */
  limits: SportsLimits | null;
  problem: SlipProblem | null;
  /** Why the last placement failed as a whole (no answer in time, an unexpected error). */
  failure: string | null;
  /** The bets of the placement under way or last made, with their keys. */
  tickets: SlipTicket[];
  /** What became of them. */
  results: TicketResult[];
  /** Keys of tickets whose outcome is unknown, by ticket id, for the retry. */
  keys: Record<string, ActionKey>;
}

export type BetSlipEvent =
  | { type: 'slip.toggle'; selection: Omit<SlipSelection, 'moved' | 'available'> }
  | { type: 'slip.remove'; key: string }
  | { type: 'slip.clear' }
  | { type: 'player.setStake'; text: string }
  | { type: 'player.setMode'; mode: SlipMode }
  | { type: 'player.setOddsChange'; preference: OddsChangePreference }
  | { type: 'player.place' }
  | { type: 'player.dismiss' }
  | { type: 'slip.limits'; limits: SportsLimits | null }
  | ({ type: 'feed.odds' } & OddsUpdate);

export interface BetSlipInput {
  oddsChange?: OddsChangePreference;
  limits?: SportsLimits;
  stakeText?: string;
}

/** The stake typed in the field (pt-BR "1,50" or "1.50"), or why it is not a stake. */
export function readAmount(
  text: string,
): { ok: true; cents: number } | { ok: false; problem: 'fillBetAmount' | 'checkInput' } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'fillBetAmount' };
  const parsed = parseAmount(trimmed.replace(',', '.'));
  return parsed.ok ? { ok: true, cents: parsed.cents } : { ok: false, problem: 'checkInput' };
}

/** The stake in centavos, or null when the field is not a stake. */
function stakeOf(context: Pick<BetSlipContext, 'stakeText'>): number | null {
  const read = readAmount(context.stakeText);
  return read.ok ? read.cents : null;
}

/** True when two selections share a fixture (a múltipla takes one per fixture). */
export function hasSharedFixture(selections: SlipSelection[]): boolean {
  return new Set(selections.map((s) => s.fixtureId)).size !== selections.length;
}

/** Total stake, combined odds and potential return of the slip as it stands (BRL). */
export function slipSummary(context: Pick<BetSlipContext, 'selections' | 'mode' | 'stakeText'>): {
  bets: number;
  totalStake: number;
  combinedOdds: number | null;
  potentialReturn: number;
} {
  const cents = readAmount(context.stakeText);
  const stake = cents.ok ? cents.cents : 0;
  const { selections } = context;
  if (context.mode === 'multiple') {
    if (selections.length < 2) return { bets: 0, totalStake: 0, combinedOdds: null, potentialReturn: 0 };
    // The server's own rules (domain/sports/settlement.ts): the legs multiplied in thousandths,
    // the return rounded down to the centavo; so the slip shows what the receipt will.
    const milli = selections.map((s) => Math.round(s.odds * 1000));
    return {
      bets: 1,
      totalStake: stake / 100,
      combinedOdds: combinedOddsMilli(milli) / 1000,
      potentialReturn: potentialReturnCents(stake, milli) / 100,
    };
  }
  return {
    bets: selections.length,
    totalStake: (stake * selections.length) / 100,
    combinedOdds: null,
    potentialReturn:
      selections.reduce((sum, s) => sum + potentialReturnCents(stake, [Math.round(s.odds * 1000)]), 0) / 100,
  };
}

/** The bets the slip places: the múltipla, one of every selection; or a single of each. */
function betsOf(context: Pick<BetSlipContext, 'selections' | 'mode'>): SlipSelection[][] {
  return context.mode === 'multiple' ? [context.selections] : context.selections.map((s) => [s]);
}

/** The first of the operator's limits the slip as it stands breaks, or null (slip-limits.ts). */
export function slipLimitBreach(
  context: Pick<BetSlipContext, 'selections' | 'mode' | 'stakeText' | 'limits'>,
): SlipLimitBreach | null {
  return limitBreach(
    {
      bets: betsOf(context).map((bet) => bet.map((s) => Math.round(s.odds * 1000))),
      multiple: context.mode === 'multiple',
      stakeCents: stakeOf(context),
    },
    context.limits,
  );
}

/** The tickets a placement sends, each with its key (a fresh one unless a retry of an unknown outcome). */
export function ticketsOf(context: BetSlipContext): SlipTicket[] {
  const stakeCents = stakeOf(context) ?? 0;
  return betsOf(context).map((group) => {
    const selectionKeys = group.map(selectionKey);
    const id = `${context.mode}:${selectionKeys.join(',')}`;
    const legs = group.map((s) => ({
      fixtureId: s.fixtureId,
      marketId: s.marketId,
      outcomeId: s.outcomeId,
      odds: s.odds,
    }));
    const fingerprint = JSON.stringify({ stakeCents, legs, oddsChange: context.oddsChange });
    return { id, selectionKeys, legs, stakeCents, key: keyForAction(context.keys[id] ?? null, fingerprint) };
  });
}

/** How a refused or lost bet call reads on the slip. */
export function refusalOf(error: unknown): { message: string; code: number | null; unknown: boolean } {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      code: error.status ?? error.httpStatus,
      unknown: isOutcomeUnknown(error),
    };
  }
  return { message: error instanceof Error ? error.message : String(error), code: null, unknown: false };
}

/** True when a failure was the player's balance (the client has opened the deposit for it). */
export const isInsufficientFunds = (r: TicketResult) => !r.ok && r.code === BodyStatus.insufficientFunds;

/** Places every ticket, one call each, and reports each ticket's fate; never rejects for a refusal. */
export const placeTicketsActor = fromPromise<TicketResult[], PlaceInput>(async ({ input }) => {
  const results: TicketResult[] = [];
  for (const ticket of input.tickets) {
    try {
      const bet = await placeSportsBet(
        { stake: ticket.stakeCents / 100, legs: ticket.legs, oddsChange: input.oddsChange },
        ticket.key.key,
      );
      results.push({
        ok: true,
        ticketId: ticket.id,
        selectionKeys: ticket.selectionKeys,
        bet,
        state: bet.state,
        result: bet.status,
        resultText: '',
      });
    } catch (error) {
      results.push({
        ok: false,
        ticketId: ticket.id,
        selectionKeys: ticket.selectionKeys,
        ...refusalOf(error),
      });
    }
  }
  return results;
});

/** Follows live bets until the server has decided them all (the machine's `after` bounds the wait). */
export const confirmBetsActor = fromPromise<ConfirmedBet[], ConfirmInput>(async ({ input, signal }) => {
  const wanted = new Set(input.betIds);
  for (;;) {
    // The bets just placed are the newest: the first page holds them.
    const bets = (await fetchMyBets({ size: 100 })).list.filter((b) => wanted.has(b.betId));
    if (bets.length === wanted.size && bets.every((b) => b.state !== 'pending')) {
      return bets.map((b) => ({
        betId: b.betId,
        state: b.state,
        result: b.result,
        resultText: b.resultText,
      }));
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, CONFIRM_POLL_MS);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
  }
});

/** Applies an odds update to the slip's selections. */
export function applyOdds(selections: SlipSelection[], update: OddsUpdate): SlipSelection[] {
  return selections.map((s) => {
    if (s.fixtureId !== update.fixtureId) return s;
    // A bet stop suspends every market of the fixture until the next prices.
    if (update.suspended === true && !update.markets) return { ...s, available: false };
    const market = update.markets?.find((m) => m.id === s.marketId);
    if (!market) return s;
    const outcome = market.outcomes.find((o) => o.id === s.outcomeId);
    const available = market.status === 1 && outcome !== undefined && outcome.active && outcome.odds !== null;
    if (!outcome || outcome.odds === null || outcome.odds === s.odds) return { ...s, available };
    return { ...s, odds: outcome.odds, moved: outcome.odds > s.odds ? 'up' : 'down', available };
  });
}

function toggled(
  selections: SlipSelection[],
  picked: Omit<SlipSelection, 'moved' | 'available'>,
): SlipSelection[] {
  const key = selectionKey(picked);
  if (selections.some((s) => selectionKey(s) === key))
    return selections.filter((s) => selectionKey(s) !== key);
  // Another selection of the same market is replaced: one cannot back two outcomes of a market.
  const rest = selections.filter(
    (s) => !(s.fixtureId === picked.fixtureId && s.marketId === picked.marketId),
  );
  if (rest.length >= MAX_SELECTIONS) return selections;
  return [...rest, { ...picked, moved: null, available: true }];
}

/** Selections still on the slip after a placement: the ones whose bet was not taken. */
function unplaced(context: BetSlipContext): SlipSelection[] {
  const placed = new Set(context.results.filter((r) => r.ok).flatMap((r) => r.selectionKeys));
  return context.selections.filter((s) => !placed.has(selectionKey(s)));
}

export const betSlipMachine = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
  },
  actors: {
    placeTickets: placeTicketsActor,
    confirmBets: confirmBetsActor,
  },
  delays: {
    placeTimeout: PLACE_TIMEOUT_MS,
    confirmTimeout: CONFIRM_TIMEOUT_MS,
  },
  guards: {
    hasNoSelections: ({ context }) => context.selections.length === 0,
    hasStakeProblem: ({ context }) => stakeOf(context) === null,
    isMultipleTooShort: ({ context }) => context.mode === 'multiple' && context.selections.length < 2,
    hasSameFixtureInMultiple: ({ context }) =>
      context.mode === 'multiple' && hasSharedFixture(context.selections),
    hasUnavailableSelection: ({ context }) => context.selections.some((s) => !s.available),
    isOverLimit: ({ context }) => slipLimitBreach(context) !== null,
    hasPendingLiveBets: ({ event }) =>
      'output' in event && (event.output as TicketResult[]).some((r) => r.ok && r.state === 'pending'),
  },
  actions: {
    /** Tells the host a bet was taken (the pages refresh "Minhas apostas"); provided by the host. */
    betsPlaced: () => undefined,
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => ({
    selections: [],
    mode: 'single',
    stakeText: input.stakeText ?? '',
    oddsChange: input.oddsChange ?? 'none',
    limits: input.limits ?? null,
    problem: null,
    failure: null,
    tickets: [],
    results: [],
    keys: {},
  }),
  initial: 'editing',
  on: {
    'feed.odds': {
      description: 'Prices follow the feed in every state; what is sent is what the player last saw.',
      actions: assign({ selections: ({ context, event }) => applyOdds(context.selections, event) }),
    },
    'player.setOddsChange': { actions: assign({ oddsChange: ({ event }) => event.preference }) },
    'slip.limits': { actions: assign({ limits: ({ event }) => event.limits }) },
  },
  states: {
    editing: {
      description: 'The player collects selections and types the stake.',
      on: {
        'slip.toggle': {
          actions: assign(({ context, event }) => {
            const selections = toggled(context.selections, event.selection);
            // The second selection makes a múltipla the natural choice; the player can switch back.
            const mode: SlipMode =
              context.selections.length === 1 && selections.length === 2 && !hasSharedFixture(selections)
                ? 'multiple'
                : selections.length < 2
                  ? 'single'
                  : context.mode;
            return { selections, mode, problem: null, failure: null, results: [] };
          }),
        },
        'slip.remove': {
          actions: assign(({ context, event }) => {
            const selections = context.selections.filter((s) => selectionKey(s) !== event.key);
            return {
              selections,
              mode: selections.length < 2 ? ('single' as SlipMode) : context.mode,
              problem: null,
              results: [],
            };
          }),
        },
        'slip.clear': {
          actions: assign({ selections: [], mode: 'single', problem: null, failure: null, results: [] }),
        },
        'player.setStake': { actions: assign({ stakeText: ({ event }) => event.text, problem: null }) },
        'player.setMode': { actions: assign({ mode: ({ event }) => event.mode, problem: null }) },
        'player.place': [
          { guard: 'hasNoSelections', actions: assign({ problem: 'noSelections' as SlipProblem }) },
          {
            guard: 'hasStakeProblem',
            actions: assign({
              problem: ({ context }) => {
                const read = readAmount(context.stakeText);
                return read.ok ? 'checkInput' : read.problem;
              },
            }),
          },
          { guard: 'isMultipleTooShort', actions: assign({ problem: 'tooFewForMultiple' as SlipProblem }) },
          { guard: 'hasSameFixtureInMultiple', actions: assign({ problem: 'sameFixture' as SlipProblem }) },
          { guard: 'hasUnavailableSelection', actions: assign({ problem: 'unavailable' as SlipProblem }) },
          { guard: 'isOverLimit', actions: assign({ problem: 'overLimit' as SlipProblem }) },
          {
            target: 'placing',
            actions: assign(({ context }) => ({
              tickets: ticketsOf(context),
              problem: null,
              failure: null,
              results: [],
            })),
          },
        ],
      },
    },
    placing: {
      description: 'One call per bet, each with its Idempotency-Key.',
      invoke: {
        src: 'placeTickets',
        input: ({ context }) => ({ tickets: context.tickets, oddsChange: context.oddsChange }),
        onDone: [
          {
            guard: 'hasPendingLiveBets',
            target: 'confirming',
            actions: [assign({ results: ({ event }) => event.output }), 'betsPlaced'],
          },
          { target: 'receipt', actions: [assign({ results: ({ event }) => event.output }), 'betsPlaced'] },
        ],
        onError: {
          target: 'editing',
          description: 'Not a refusal (those are results) but a fault of the client itself.',
          actions: assign({ failure: ({ event }) => refusalOf(event.error).message || 'error' }),
        },
      },
      after: {
        placeTimeout: {
          target: 'editing',
          description: 'No answer in time; "Minhas apostas" shows whether the server took it.',
          actions: [
            assign({
              failure: 'timeout',
              // Any of them may have been taken: a retry of the same bets reuses their keys.
              keys: ({ context }) => Object.fromEntries(context.tickets.map((t) => [t.id, t.key])),
            }),
            'betsPlaced',
          ],
        },
      },
    },
    confirming: {
      description: 'Live bets wait the sport’s delay on the server; the slip follows their decision.',
      invoke: {
        src: 'confirmBets',
        input: ({ context }) => ({
          betIds: context.results.flatMap((r) => (r.ok && r.state === 'pending' ? [r.bet.betId] : [])),
        }),
        onDone: {
          target: 'receipt',
          actions: [
            assign({
              results: ({ context, event }) =>
                context.results.map((r) => {
                  const decided = r.ok ? event.output.find((b) => b.betId === r.bet.betId) : undefined;
                  return r.ok && decided
                    ? { ...r, state: decided.state, result: decided.result, resultText: decided.resultText }
                    : r;
                }),
            }),
            'betsPlaced',
          ],
        },
        onError: {
          target: 'receipt',
          description: 'The bets were taken; only following them failed ("Minhas apostas" tells).',
        },
      },
      after: {
        confirmTimeout: {
          target: 'receipt',
          description: 'Still undecided: the receipt says so and "Minhas apostas" shows the decision.',
        },
      },
    },
    receipt: {
      description: 'What each bet became; refused bets stay on the slip to try again.',
      entry: assign(({ context }) => ({
        keys: Object.fromEntries(
          context.results.flatMap((r) => {
            if (r.ok || !r.unknown) return [];
            const ticket = context.tickets.find((t) => t.id === r.ticketId);
            return ticket ? [[r.ticketId, ticket.key] as const] : [];
          }),
        ),
      })),
      on: {
        'player.dismiss': {
          target: 'editing',
          description: 'Refused selections stay on the slip with the reason beside them.',
          actions: assign(({ context }) => {
            const selections = unplaced(context);
            return {
              selections,
              mode: selections.length < 2 ? ('single' as SlipMode) : context.mode,
              results: context.results.filter((r) => !r.ok),
            };
          }),
        },
        'slip.toggle': {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const selections = toggled(unplaced(context), event.selection);
            return {
              selections,
              mode: selections.length < 2 ? ('single' as SlipMode) : context.mode,
              results: [],
            };
          }),
        },
      },
    },
  },
});
