import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../src/services/api-client';
import type { PlacedSportsBet } from '../../../src/services/sports-api';
import {
  CONFIRM_TIMEOUT_MS,
  PLACE_TIMEOUT_MS,
  betSlipMachine,
  refusalOf,
  selectionKey,
  slipLimitBreach,
  slipSummary,
  type ConfirmInput,
  type ConfirmedBet,
  type PlaceInput,
  type SlipSelection,
  type TicketResult,
} from '../../../src/machines/sports/bet-slip.machine';
import { SHIPPED_LIMITS } from '../../support/sports-limits';

type Picked = Omit<SlipSelection, 'moved' | 'available'>;

function pick(fixtureId: string, outcomeId = 'home', odds = 2, marketId = 'match_winner:full'): Picked {
  return {
    fixtureId,
    fixture: `${fixtureId} A x B`,
    marketId,
    market: 'Resultado Final',
    outcomeId,
    outcome: outcomeId === 'home' ? 'A' : outcomeId === 'away' ? 'B' : 'Empate',
    odds,
    live: false,
  };
}

function placed(input: PlaceInput, index: number, state = 'open'): PlacedSportsBet {
  const ticket = input.tickets[index]!;
  return {
    betId: `S${index}-${ticket.key.key.slice(0, 6)}`,
    kind: ticket.legs.length === 1 ? 'single' : 'parlay',
    stake: ticket.stakeCents / 100,
    status: 1000,
    state,
    acceptAt: null,
    combinedOdds: ticket.legs.reduce((p, l) => p * l.odds, 1),
    potentialReturn: 0,
    legs: ticket.legs.map((l) => ({ ...l, live: state === 'pending' })),
  };
}

type PlaceScript = (input: PlaceInput) => TicketResult[] | Promise<TicketResult[]>;

/** The machine with a scripted placement and confirmation, and spies for what they were given. */
function start(
  place: PlaceScript,
  confirm: (input: ConfirmInput) => Promise<ConfirmedBet[]> = async () => [],
) {
  const calls = { place: [] as PlaceInput[], confirm: [] as ConfirmInput[], betsPlaced: vi.fn() };
  const machine = betSlipMachine.provide({
    actors: {
      placeTickets: fromPromise<TicketResult[], PlaceInput>(async ({ input }) => {
        calls.place.push(input);
        return place(input);
      }),
      confirmBets: fromPromise<ConfirmedBet[], ConfirmInput>(async ({ input }) => {
        calls.confirm.push(input);
        return confirm(input);
      }),
    },
    actions: { betsPlaced: () => calls.betsPlaced() },
  });
  const actor = createActor(machine, { input: {} });
  actor.start();
  return { actor, calls };
}

const allTaken = (input: PlaceInput): TicketResult[] =>
  input.tickets.map((t, i) => ({
    ok: true,
    ticketId: t.id,
    selectionKeys: t.selectionKeys,
    bet: placed(input, i),
    state: 'open',
    result: 1000,
    resultText: '',
  }));

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('betSlip machine', () => {
  it('collects selections, replaces another outcome of the same market, and turns to múltipla at the second fixture', () => {
    const { actor } = start(allTaken);
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home') });
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'away') });
    expect(actor.getSnapshot().context.selections.map((s) => s.outcomeId)).toEqual(['away']);
    expect(actor.getSnapshot().context.mode).toBe('single');
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'draw', 3.1) });
    expect(actor.getSnapshot().context.mode).toBe('multiple');
    // Toggling a selection already on the slip takes it off.
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'draw', 3.1) });
    expect(actor.getSnapshot().context.selections).toHaveLength(1);
    expect(actor.getSnapshot().context.mode).toBe('single');
  });

  it('refuses to call the server without a stake, with a bad stake, or with two legs of one fixture', () => {
    const { actor, calls } = start(allTaken);
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('noSelections');
    actor.send({ type: 'slip.toggle', selection: pick('f1') });
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('fillBetAmount');
    actor.send({ type: 'player.setStake', text: '1,2,3' });
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('checkInput');
    actor.send({ type: 'player.setStake', text: '10' });
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'over', 1.9, 'totals:full:2.5') });
    actor.send({ type: 'player.setMode', mode: 'multiple' });
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('sameFixture');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.place).toHaveLength(0);
  });

  it('stops a slip over the operator’s limits before the server: a live pick at 1.000,00 in a múltipla', async () => {
    const { actor, calls } = start(allTaken);
    actor.send({ type: 'player.setStake', text: '5' });
    actor.send({ type: 'slip.toggle', selection: { ...pick('f1', 'away', 1000), live: true } });
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'home', 1.5) });
    expect(actor.getSnapshot().context.mode).toBe('multiple');
    // Until the limits arrive the slip cannot know them; the server still refuses.
    expect(slipLimitBreach(actor.getSnapshot().context)).toBeNull();
    actor.send({
      type: 'slip.limits',
      limits: SHIPPED_LIMITS,
    });
    expect(slipLimitBreach(actor.getSnapshot().context)).toEqual({
      kind: 'combinedOdds',
      maxMilli: 1_000_000,
      fitCents: null,
    });
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('overLimit');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.place).toHaveLength(0);
    // As singles each bet is within every limit, and they go.
    actor.send({ type: 'player.setMode', mode: 'single' });
    expect(slipLimitBreach(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'player.place' });
    await settle();
    expect(actor.getSnapshot().value).toBe('receipt');
    expect(calls.place).toHaveLength(1);
    expect(calls.place[0]!.tickets).toHaveLength(2);
  });

  it('places singles as one bet each, each with its own fresh key, and clears them from the slip', async () => {
    const { actor, calls } = start(allTaken);
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home', 2) });
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'away', 3.5) });
    actor.send({ type: 'player.setMode', mode: 'single' });
    actor.send({ type: 'player.setStake', text: '10,00' });
    expect(slipSummary(actor.getSnapshot().context)).toEqual({
      bets: 2,
      totalStake: 20,
      combinedOdds: null,
      potentialReturn: 55,
    });
    actor.send({ type: 'player.place' });
    await settle();
    expect(actor.getSnapshot().value).toBe('receipt');
    const [input] = calls.place;
    expect(input!.tickets.map((t) => t.legs.length)).toEqual([1, 1]);
    expect(input!.tickets.map((t) => t.stakeCents)).toEqual([1000, 1000]);
    expect(new Set(input!.tickets.map((t) => t.key.key)).size).toBe(2);
    expect(calls.betsPlaced).toHaveBeenCalledTimes(1);
    actor.send({ type: 'player.dismiss' });
    expect(actor.getSnapshot().context.selections).toHaveLength(0);

    // The next placement of the same selection is a new action with a new key.
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home', 2) });
    actor.send({ type: 'player.place' });
    await settle();
    expect(calls.place[1]!.tickets[0]!.key.key).not.toBe(input!.tickets[0]!.key.key);
  });

  it('places a múltipla as one bet with every leg and shows its combined return', async () => {
    const { actor, calls } = start(allTaken);
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home', 1.5) });
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'draw', 3.2) });
    actor.send({ type: 'player.setStake', text: '5' });
    expect(slipSummary(actor.getSnapshot().context)).toEqual({
      bets: 1,
      totalStake: 5,
      combinedOdds: 4.8,
      potentialReturn: 24,
    });
    actor.send({ type: 'player.setOddsChange', preference: 'higher' });
    actor.send({ type: 'player.place' });
    await settle();
    expect(calls.place[0]!.tickets).toHaveLength(1);
    expect(calls.place[0]!.tickets[0]!.legs.map((l) => l.fixtureId)).toEqual(['f1', 'f2']);
    expect(calls.place[0]!.oddsChange).toBe('higher');
  });

  it('shows the combined odds and return the server will: thousandths, the return cut to the centavo', () => {
    const { actor } = start(allTaken);
    // 2.03 × 2.47 × 2.52 = 12.635532: the server keeps 12.635, and R$ 10 returns R$ 126,35.
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home', 2.03) });
    actor.send({ type: 'slip.toggle', selection: pick('f2', 'away', 2.47) });
    actor.send({ type: 'slip.toggle', selection: pick('f3', 'draw', 2.52) });
    actor.send({ type: 'player.setStake', text: '10' });
    const summary = slipSummary(actor.getSnapshot().context);
    expect(summary.combinedOdds).toBe(12.635);
    expect(summary.potentialReturn).toBe(126.35);
  });

  it('keeps a refused bet on the slip with the server message and code, and a placed one off it', async () => {
    const { actor } = start((input) => [
      allTaken(input)[0]!,
      {
        ok: false,
        ticketId: input.tickets[1]!.id,
        selectionKeys: input.tickets[1]!.selectionKeys,
        message: 'Opção não disponível para apostas',
        code: 409,
        unknown: false,
      },
    ]);
    actor.send({ type: 'slip.toggle', selection: pick('f1') });
    actor.send({ type: 'slip.toggle', selection: pick('f2') });
    actor.send({ type: 'player.setMode', mode: 'single' });
    actor.send({ type: 'player.setStake', text: '2' });
    actor.send({ type: 'player.place' });
    await settle();
    const results = actor.getSnapshot().context.results;
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(results[1]).toMatchObject({ message: 'Opção não disponível para apostas', code: 409 });
    actor.send({ type: 'player.dismiss' });
    expect(actor.getSnapshot().context.selections.map((s) => s.fixtureId)).toEqual(['f2']);
    // The reason stays beside the refused selection until the next try.
    expect(actor.getSnapshot().context.results).toEqual([results[1]]);
  });

  it('reuses the key of a bet whose outcome is unknown when the same bet is retried', async () => {
    let n = 0;
    const { actor, calls } = start((input) => {
      n += 1;
      if (n > 1) return allTaken(input);
      const t = input.tickets[0]!;
      return [{ ok: false, ticketId: t.id, selectionKeys: t.selectionKeys, ...refusalOf(timeoutError()) }];
    });
    actor.send({ type: 'slip.toggle', selection: pick('f1') });
    actor.send({ type: 'player.setStake', text: '3' });
    actor.send({ type: 'player.place' });
    await settle();
    actor.send({ type: 'player.dismiss' });
    actor.send({ type: 'player.place' });
    await settle();
    expect(calls.place[1]!.tickets[0]!.key.key).toBe(calls.place[0]!.tickets[0]!.key.key);
  });

  it('follows a live bet through its delay to the server’s decision (refused: −11)', async () => {
    const { actor, calls } = start(
      (input) => [
        { ...allTaken(input)[0]!, state: 'pending', bet: placed(input, 0, 'pending') } as TicketResult,
      ],
      async (input) => [{ betId: input.betIds[0]!, state: 'refused', result: -11, resultText: 'Recusada' }],
    );
    actor.send({ type: 'slip.toggle', selection: { ...pick('f1'), live: true } });
    actor.send({ type: 'player.setStake', text: '4' });
    actor.send({ type: 'player.place' });
    await settle();
    expect(calls.confirm).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('receipt');
    expect(actor.getSnapshot().context.results[0]).toMatchObject({ state: 'refused', result: -11 });
  });

  it('gives up waiting after 15 s in placing and in confirming', async () => {
    const hang = () => new Promise<never>(() => undefined);
    const first = start(hang as PlaceScript);
    first.actor.send({ type: 'slip.toggle', selection: pick('f1') });
    first.actor.send({ type: 'player.setStake', text: '4' });
    first.actor.send({ type: 'player.place' });
    await vi.advanceTimersByTimeAsync(PLACE_TIMEOUT_MS);
    expect(first.actor.getSnapshot().value).toBe('editing');
    expect(first.actor.getSnapshot().context.failure).toBe('timeout');
    expect(Object.keys(first.actor.getSnapshot().context.keys)).toHaveLength(1);

    const second = start(
      (input) => [
        { ...allTaken(input)[0]!, state: 'pending', bet: placed(input, 0, 'pending') } as TicketResult,
      ],
      hang,
    );
    second.actor.send({ type: 'slip.toggle', selection: pick('f1') });
    second.actor.send({ type: 'player.setStake', text: '4' });
    second.actor.send({ type: 'player.place' });
    await settle();
    expect(second.actor.getSnapshot().value).toBe('confirming');
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS);
    expect(second.actor.getSnapshot().value).toBe('receipt');
    expect(second.actor.getSnapshot().context.results[0]).toMatchObject({ state: 'pending' });
  });

  it('moves prices with the feed, marks the direction, and refuses a suspended selection', () => {
    const { actor, calls } = start(allTaken);
    actor.send({ type: 'slip.toggle', selection: pick('f1', 'home', 2) });
    actor.send({ type: 'player.setStake', text: '1' });
    const market = (odds: number | null, status = 1) => ({
      type: 'feed.odds' as const,
      fixtureId: 'f1',
      markets: [{ id: 'match_winner:full', status, outcomes: [{ id: 'home', odds, active: true }] }],
    });
    actor.send(market(2.2));
    expect(actor.getSnapshot().context.selections[0]).toMatchObject({
      odds: 2.2,
      moved: 'up',
      available: true,
    });
    actor.send(market(1.9));
    expect(actor.getSnapshot().context.selections[0]).toMatchObject({ odds: 1.9, moved: 'down' });
    actor.send({ type: 'feed.odds', fixtureId: 'f1', suspended: true });
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().context.problem).toBe('unavailable');
    actor.send(market(1.9, 1));
    actor.send({ type: 'player.place' });
    expect(actor.getSnapshot().value).toBe('placing');
    // What is sent is the price the player last saw.
    expect(calls.place[0]!.tickets[0]!.legs[0]!.odds).toBe(1.9);
    expect(selectionKey(actor.getSnapshot().context.selections[0]!)).toBe('f1|match_winner:full|home');
  });
});

function timeoutError() {
  return new ApiError('Conexão lenta', null, null, '/api/app/sports/bet', 'timeout');
}
