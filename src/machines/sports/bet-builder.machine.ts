import { assign, fromPromise, not, setup } from 'xstate';
import { BUILDER_MIN_LEGS } from '../../../domain/sports/builder';
import { potentialReturnCents } from '../../../domain/sports/settlement';
import { ApiError } from '../../services/api-client';
import { keyForAction, type ActionKey } from '../../services/idempotency';
import {
  fetchBuilderQuote,
  placeBuilderBet,
  type BuilderLeg,
  type OddsChangePreference,
  type PlacedSportsBet,
} from '../../services/sports-api';
import { PLACE_TIMEOUT_MS, readAmount, refusalOf } from './bet-slip.machine';

/**
 * Criar Aposta (bet builder, docs/decisions.md 87): selections of one football match, one per
 * market, priced together by the server (`POST /sports/builder/quote`) — never the product of
 * their prices. Every change asks for a new price after a short pause (the player often taps
 * several prices in a row); the price is asked again now and then while it is shown, and right
 * after the server refused a placement ("As odds mudaram"). The bet is placed at the quoted price
 * with `kind: "builder"` under an Idempotency-Key, as the slip places its bets.
 */

/** The pause after a change before the price is asked (taps in a row make one request). */
export const QUOTE_DEBOUNCE_MS = 350;
/** A shown price is asked again this often (the match's model moves with the feed). */
export const QUOTE_REFRESH_MS = 10_000;

/** One selection of the builder, with the names the page showed for it. */
export interface BuilderSelection {
  marketId: string;
  /** "Total de Gols 2,5". */
  market: string;
  outcomeId: string;
  /** "Mais de 2,5". */
  outcome: string;
}

/** Why the builder did not call the server. */
export type BuilderProblem = 'fewSelections' | 'fillBetAmount' | 'checkInput' | 'noQuote';

export interface BetBuilderContext {
  fixtureId: string | null;
  /** "Casa x Fora". */
  fixture: string;
  selections: BuilderSelection[];
  stakeText: string;
  /** The last price the server quoted and the selections it was for (`legsKey`). */
  quote: { legsKey: string; odds: number; moved: 'up' | 'down' | null } | null;
  /** The server's refusal of the selections as they stand (its pt-BR words). */
  refusal: string | null;
  problem: BuilderProblem | null;
  /** Why the last placement failed: the server's words, or `timeout`. */
  failure: string | null;
  /** The bet the server took. */
  placed: PlacedSportsBet | null;
  /** The key of the placement under way, or of one whose outcome is unknown (reused on retry). */
  key: ActionKey | null;
  /** True while `key` is a retry of an unknown outcome: a 409 then means the first is running. */
  retrying: boolean;
  /** The odds-change preference of the placement under way (the slip's, shared). */
  oddsChange: OddsChangePreference;
  /** True while a page shows the builder: only then is a shown price asked again. */
  watched: boolean;
}

export type BetBuilderEvent =
  | { type: 'builder.open'; fixtureId: string; fixture: string }
  | { type: 'builder.leave' }
  | { type: 'builder.toggle'; selection: BuilderSelection }
  | { type: 'builder.remove'; marketId: string }
  | { type: 'builder.clear' }
  | { type: 'player.setStake'; text: string }
  | { type: 'player.place'; oddsChange: OddsChangePreference }
  | { type: 'player.dismiss' };

/** What a placement sends. */
export interface BuilderPlaceInput {
  fixtureId: string;
  legs: BuilderLeg[];
  stakeCents: number;
  odds: number;
  oddsChange: OddsChangePreference;
  key: string;
}

/** The selections as one text: a quote is for exactly these. */
export const legsKeyOf = (selections: readonly BuilderSelection[]) =>
  selections.map((s) => `${s.marketId}=${s.outcomeId}`).join('&');

/** The quoted price of the selections as they stand, or null while there is none. */
export function currentOdds(context: Pick<BetBuilderContext, 'quote' | 'selections'>): number | null {
  return context.quote && context.quote.legsKey === legsKeyOf(context.selections) ? context.quote.odds : null;
}

/** What the stake returns at the quoted price (BRL), by the server's rounding; 0 without one. */
export function builderReturn(
  context: Pick<BetBuilderContext, 'quote' | 'selections' | 'stakeText'>,
): number {
  const odds = currentOdds(context);
  const stake = readAmount(context.stakeText);
  if (odds === null || !stake.ok) return 0;
  return potentialReturnCents(stake.cents, [Math.round(odds * 1000)]) / 100;
}

/** Adds a selection, takes it off when it is there, or replaces its market's other selection. */
export function toggledSelection(
  selections: readonly BuilderSelection[],
  picked: BuilderSelection,
): BuilderSelection[] {
  const index = selections.findIndex((s) => s.marketId === picked.marketId);
  if (index === -1) return [...selections, picked];
  if (selections[index]!.outcomeId === picked.outcomeId) return selections.filter((_, i) => i !== index);
  return selections.map((s, i) => (i === index ? picked : s));
}

const quoteActor = fromPromise<number, { fixtureId: string; selections: BuilderSelection[] }>(
  ({ input, signal }) => fetchBuilderQuote(input.fixtureId, input.selections, signal),
);

const placeActor = fromPromise<PlacedSportsBet, BuilderPlaceInput>(({ input }) =>
  placeBuilderBet(
    {
      stake: input.stakeCents / 100,
      odds: input.odds,
      fixtureId: input.fixtureId,
      legs: input.legs,
      oddsChange: input.oddsChange,
    },
    input.key,
  ),
);

/**
 * True when a failed placement may have been taken: no answer, a server fault, or a 409 on a retry
 * of such a one (its first attempt still running). A 409 on a fresh key is a refusal the server
 * recorded under it (the price moved, the selections closed): the next attempt is a new action.
 */
export function placementUnknown(error: unknown, retrying: boolean): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  if (error.httpStatus === 409) return retrying;
  return error.httpStatus !== null && error.httpStatus >= 500;
}

const fresh = { refusal: null, problem: null, failure: null } as const;

export const betBuilderMachine = setup({
  types: {
    context: {} as BetBuilderContext,
    events: {} as BetBuilderEvent,
  },
  actors: { quote: quoteActor, place: placeActor },
  delays: {
    quoteDebounce: QUOTE_DEBOUNCE_MS,
    quoteRefresh: QUOTE_REFRESH_MS,
    placeTimeout: PLACE_TIMEOUT_MS,
  },
  guards: {
    canQuote: ({ context }) => context.fixtureId !== null && context.selections.length >= BUILDER_MIN_LEGS,
    isTooShort: ({ context }) => context.selections.length < BUILDER_MIN_LEGS,
    hasStakeProblem: ({ context }) => !readAmount(context.stakeText).ok,
    hasNoQuote: ({ context }) => currentOdds(context) === null,
    isOtherFixture: ({ context, event }) =>
      event.type === 'builder.open' && event.fixtureId !== context.fixtureId,
    isWatched: ({ context }) => context.watched,
  },
  actions: {
    /** Tells the host a bet was taken (Minhas apostas re-reads); provided by the host. */
    betsPlaced: () => undefined,
  },
}).createMachine({
  id: 'betBuilder',
  context: {
    fixtureId: null,
    fixture: '',
    selections: [],
    stakeText: '',
    quote: null,
    ...fresh,
    placed: null,
    key: null,
    retrying: false,
    oddsChange: 'none',
    watched: false,
  },
  initial: 'editing',
  on: {
    'builder.open': [
      {
        guard: 'isOtherFixture',
        description: 'A builder is one match: another fixture starts an empty one.',
        target: '.editing.idle',
        actions: assign(({ event }) => ({
          fixtureId: event.fixtureId,
          fixture: event.fixture,
          selections: [],
          quote: null,
          ...fresh,
          placed: null,
          key: null,
          retrying: false,
          watched: true,
        })),
      },
      { actions: assign({ watched: true }) },
    ],
    'builder.leave': {
      description: 'No page shows the builder: its price is no longer asked again in the background.',
      actions: assign({ watched: false }),
    },
  },
  states: {
    editing: {
      initial: 'idle',
      on: {
        'builder.toggle': {
          target: '.check',
          actions: assign(({ context, event }) => ({
            selections: toggledSelection(context.selections, event.selection),
            ...fresh,
          })),
        },
        'builder.remove': {
          target: '.check',
          actions: assign(({ context, event }) => ({
            selections: context.selections.filter((s) => s.marketId !== event.marketId),
            ...fresh,
          })),
        },
        'builder.clear': { target: '.idle', actions: assign({ selections: [], ...fresh }) },
        'player.setStake': { actions: assign({ stakeText: ({ event }) => event.text, problem: null }) },
        'player.place': [
          { guard: 'isTooShort', actions: assign({ problem: 'fewSelections' as BuilderProblem }) },
          {
            guard: 'hasStakeProblem',
            actions: assign({
              problem: ({ context }) => {
                const read = readAmount(context.stakeText);
                return read.ok ? null : read.problem;
              },
            }),
          },
          { guard: 'hasNoQuote', actions: assign({ problem: 'noQuote' as BuilderProblem }) },
          {
            target: 'placing',
            actions: assign(({ context, event }) => {
              const fingerprint = JSON.stringify({
                fixtureId: context.fixtureId,
                legs: legsKeyOf(context.selections),
                stake: readAmount(context.stakeText),
                odds: currentOdds(context),
                oddsChange: event.oddsChange,
              });
              const key = keyForAction(context.key, fingerprint);
              return {
                key,
                retrying: key === context.key,
                oddsChange: event.oddsChange,
                problem: null,
                failure: null,
              };
            }),
          },
        ],
      },
      states: {
        check: {
          always: [{ guard: 'canQuote', target: 'waiting' }, { target: 'idle' }],
        },
        idle: { description: 'Fewer than two selections: nothing to price.' },
        waiting: {
          description: 'A change restarts the pause, so taps in a row make one request.',
          after: { quoteDebounce: 'quoting' },
        },
        quoting: {
          invoke: {
            src: 'quote',
            input: ({ context }) => ({ fixtureId: context.fixtureId!, selections: context.selections }),
            onDone: {
              target: 'quoted',
              actions: assign(({ context, event }) => {
                const legsKey = legsKeyOf(context.selections);
                const before = context.quote?.legsKey === legsKey ? context.quote.odds : null;
                const moved =
                  before === null || before === event.output ? null : event.output > before ? 'up' : 'down';
                return { quote: { legsKey, odds: event.output, moved }, refusal: null };
              }),
            },
            onError: {
              target: 'refused',
              actions: assign({
                quote: null,
                refusal: ({ event }) => refusalOf(event.error).message || 'error',
              }),
            },
          },
        },
        quoted: {
          description: 'The price stands for the selections shown; asked again now and then while shown.',
          after: { quoteRefresh: [{ guard: 'isWatched', target: 'quoting' }] },
          on: {
            'builder.open': {
              guard: not('isOtherFixture'),
              description: 'Shown again: the price may have moved meanwhile.',
              target: 'quoting',
              actions: assign({ watched: true }),
            },
          },
        },
        refused: { description: 'The server’s words stay until the selections change.' },
      },
    },
    placing: {
      invoke: {
        src: 'place',
        input: ({ context }) => ({
          fixtureId: context.fixtureId!,
          legs: context.selections,
          stakeCents: (readAmount(context.stakeText) as { cents: number }).cents,
          odds: currentOdds(context)!,
          oddsChange: context.oddsChange,
          key: context.key!.key,
        }),
        onDone: {
          target: 'receipt',
          actions: [
            assign({ placed: ({ event }) => event.output, key: null, retrying: false }),
            'betsPlaced',
          ],
        },
        onError: {
          description: 'Refused: the server’s words stay, and the price is asked again at once.',
          target: 'editing.quoting',
          actions: assign(({ context, event }) => {
            const unknown = placementUnknown(event.error, context.retrying);
            return {
              failure: refusalOf(event.error).message || 'error',
              key: unknown ? context.key : null,
              retrying: false,
            };
          }),
        },
      },
      after: {
        placeTimeout: {
          target: 'editing.quoted',
          description: 'No answer in time; Minhas apostas tells whether the server took it.',
          actions: [assign({ failure: 'timeout', retrying: false }), 'betsPlaced'],
        },
      },
    },
    receipt: {
      description: 'The bet the server took; the next tap on a price starts a new builder.',
      on: {
        'player.dismiss': {
          target: 'editing.idle',
          actions: assign({ selections: [], quote: null, placed: null, ...fresh }),
        },
        'builder.toggle': {
          target: 'editing.check',
          actions: assign(({ event }) => ({
            selections: [event.selection],
            quote: null,
            placed: null,
            ...fresh,
          })),
        },
      },
    },
  },
});
