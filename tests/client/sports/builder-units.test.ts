import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKET_TYPES } from '../../../domain/sports/market-types';
import { footballBuilderTakes } from '../../../domain/sports/football-builder';
import { ApiError } from '../../../src/services/api-client';
import {
  betBuilderMachine,
  builderReturn,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  placementUnknown,
  toggledSelection,
  type BuilderSelection,
} from '../../../src/machines/sports/bet-builder.machine';
import { builderOpen, builderTakes } from '../../../src/shell/sports/builder-markets';
import { installFakeServer, ok } from '../support';

/** The rules of Criar Aposta the client keeps beside the server's (decision 87). */

const pick = (marketId: string, outcomeId: string): BuilderSelection => ({
  marketId,
  market: marketId,
  outcomeId,
  outcome: outcomeId,
});

describe('which markets the fixture page offers to the builder', () => {
  it('takes the market types the server takes, no more and no fewer', () => {
    for (const type of MARKET_TYPES) {
      // A half line where the type has lines, so only the type decides.
      expect(builderTakes({ type, line: 2.5 }), type).toBe(footballBuilderTakes(type));
    }
  });

  it('takes goals, corners and cards totals on half lines only (a whole or quarter line can refund)', () => {
    for (const type of ['totals', 'home_totals', 'away_totals', 'corners_totals', 'cards_totals']) {
      expect(builderTakes({ type, line: 2.5 })).toBe(true);
      expect(builderTakes({ type, line: 0.5 })).toBe(true);
      expect(builderTakes({ type, line: 2 })).toBe(false);
      expect(builderTakes({ type, line: 2.25 })).toBe(false);
      expect(builderTakes({ type, line: 9.75 })).toBe(false);
    }
    // A three-way handicap is always won or lost, whole line and all.
    expect(builderTakes({ type: 'european_handicap', line: -1 })).toBe(true);
    expect(builderTakes({ type: 'asian_handicap', line: -0.5 })).toBe(false);
  });

  it('is open on football before kick-off only', () => {
    expect(builderOpen({ sport: 'football', live: false, periodCode: 0 })).toBe(true);
    expect(builderOpen({ sport: 'football', live: true, periodCode: 1 })).toBe(false);
    expect(builderOpen({ sport: 'football', live: false, periodCode: -14 })).toBe(false);
    expect(builderOpen({ sport: 'basketball', live: false, periodCode: 0 })).toBe(false);
  });
});

describe('the builder’s selections', () => {
  it('adds, replaces within a market, and takes off on a second tap', () => {
    let list = toggledSelection([], pick('match_winner:full', 'home'));
    list = toggledSelection(list, pick('btts:full', 'yes'));
    list = toggledSelection(list, pick('match_winner:full', 'draw'));
    expect(list.map((s) => `${s.marketId}=${s.outcomeId}`)).toEqual([
      'match_winner:full=draw',
      'btts:full=yes',
    ]);
    list = toggledSelection(list, pick('btts:full', 'yes'));
    expect(list.map((s) => s.outcomeId)).toEqual(['draw']);
  });

  it('returns the stake at the quoted price, rounded down to the centavo, and nothing without a quote', () => {
    const selections = [pick('match_winner:full', 'home'), pick('btts:full', 'yes')];
    const quote = { legsKey: 'match_winner:full=home&btts:full=yes', odds: 4.43, moved: null };
    expect(builderReturn({ selections, quote, stakeText: '3,33' })).toBe(14.75);
    expect(builderReturn({ selections: selections.slice(0, 1), quote, stakeText: '3,33' })).toBe(0);
    expect(builderReturn({ selections, quote: null, stakeText: '3,33' })).toBe(0);
  });

  it('keeps a key for a retry only when the bet may have been taken', () => {
    const refusal = new ApiError('As odds mudaram', 409, 409, '/api/app/sports/bet', 'server');
    const lost = new ApiError('Sem conexão', null, null, '/api/app/sports/bet', 'network');
    const fault = new ApiError('Erro', 500, 500, '/api/app/sports/bet', 'server');
    expect(placementUnknown(refusal, false)).toBe(false);
    // A 409 on a retried key: the first attempt may still be running.
    expect(placementUnknown(refusal, true)).toBe(true);
    expect(placementUnknown(lost, false)).toBe(true);
    expect(placementUnknown(fault, false)).toBe(true);
    expect(placementUnknown(new Error('x'), false)).toBe(false);
  });
});

describe('the builder’s price over time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once for taps in a row, again now and then while shown, and not once no page shows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = installFakeServer(() => ok({ odds: 3.1 }));
    const quotes = () => server.requests.filter((r) => r.url === '/api/app/sports/builder/quote').length;
    const actor = createActor(betBuilderMachine).start();
    actor.send({ type: 'builder.open', fixtureId: 'fx-1', fixture: 'Flamengo x Palmeiras' });
    actor.send({ type: 'builder.toggle', selection: pick('match_winner:full', 'home') });
    actor.send({ type: 'builder.toggle', selection: pick('btts:full', 'yes') });
    actor.send({ type: 'builder.toggle', selection: pick('odd_even:full', 'odd') });
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 10);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'quoted' })).toBe(true));
    expect(quotes()).toBe(1);

    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS + 10);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'quoted' })).toBe(true));
    expect(quotes()).toBe(2);
    actor.send({ type: 'builder.leave' });
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS * 3);
    expect(quotes()).toBe(2);
    // Back on the page: the price is asked at once, and then now and then again.
    actor.send({ type: 'builder.open', fixtureId: 'fx-1', fixture: 'Flamengo x Palmeiras' });
    await vi.waitFor(() => expect(quotes()).toBe(3));
    expect(actor.getSnapshot().context.selections).toHaveLength(3);
    actor.stop();
  });
});
