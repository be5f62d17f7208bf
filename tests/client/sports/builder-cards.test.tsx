import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { sessionStore } from '../../../src/shell/app/session';
import { MyBetsPage } from '../../../src/shell/sports/my-bets-page';
import { SportsHistory } from '../../../src/shell/sports/sports-history';
import { installFakeServer, ok } from '../support';

/**
 * A Criar Aposta among the player's bets (decision 87): labelled as such, one match named once,
 * its one price — each selection's own market price is for reference only and is not shown as if
 * the bet multiplied them.
 */
const leg = (marketId: string, market: string, outcomeId: string, outcome: string, odds: number) => ({
  fixtureId: 'fx-1',
  fixture: 'Flamengo x Palmeiras',
  marketId,
  market,
  outcomeId,
  outcome,
  odds,
  live: false,
  scoreAtPlacement: null,
  result: 1000,
  resultText: 'Em aberto',
});
const builderBet = {
  betId: 'B-77',
  kind: 'builder',
  state: 'open',
  stake: 10,
  stakeOpen: 10,
  payout: 0,
  cashedOut: 0,
  cashout: { available: true, value: 8.1 },
  potentialReturn: 44,
  combinedOdds: 4.4,
  result: 1000,
  resultText: 'Em aberto',
  orderStatus: 0,
  oddsChange: 'none',
  placedAt: '2026-03-13T12:00:00.000Z',
  acceptAt: null,
  settledAt: null,
  legs: [
    leg('match_winner:full', 'Resultado Final', 'home', 'Flamengo', 2.1),
    leg('btts:full', 'Ambas Marcam', 'yes', 'Sim', 1.9),
  ],
};
const parlay = {
  ...builderBet,
  betId: 'P-5',
  kind: 'parlay',
  combinedOdds: 3.99,
  legs: [
    leg('match_winner:full', 'Resultado Final', 'home', 'Flamengo', 2.1),
    {
      ...leg('match_winner:full', 'Resultado Final', 'away', 'Grêmio', 1.9),
      fixtureId: 'fx-2',
      fixture: 'Bahia x Grêmio',
    },
  ],
};

beforeEach(async () => {
  await setLanguage('pt_BR');
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  installFakeServer((config) => {
    if (config.url?.endsWith('/sports/bets')) {
      const list = config.params?.status === 'settled' ? [] : [builderBet, parlay];
      return ok({ list, total: list.length, page: 1, size: 20 });
    }
    return ok(null);
  });
});

afterEach(() => {
  cleanup();
});

describe('a Criar Aposta among the bets', () => {
  it('is labelled Criar Aposta in Minhas apostas, with its one price and its selections of one match', async () => {
    render(
      <MemoryRouter>
        <MyBetsPage />
      </MemoryRouter>,
    );
    const [card, other] = await screen.findAllByTestId('my-bet');
    expect(card!.getAttribute('data-kind')).toBe('builder');
    expect(within(card!).getByTestId('my-bet-kind').textContent).toBe('Criar Aposta');
    expect(within(card!).getByTestId('my-bet-match').textContent).toContain('Flamengo x Palmeiras');
    // The match once, above its selections; the selections without prices of their own.
    expect(card!.textContent!.split('Flamengo x Palmeiras')).toHaveLength(2);
    const legs = within(card!).getAllByTestId('my-bet-leg');
    expect(legs.map((l) => l.textContent)).toEqual([
      'FlamengoResultado FinalEm aberto',
      'SimAmbas MarcamEm aberto',
    ]);
    expect(card!.textContent).not.toContain('2,10');
    expect(card!.textContent).not.toContain('1,90');
    expect(card!.textContent).toContain('Odds do Criar Aposta');
    expect(within(card!).getByTestId('my-bet-odds').textContent).toBe('4,40');
    expect(card!.textContent).toContain('R$ 44,00');

    // A múltipla is still a múltipla, each leg at its own price.
    expect(within(other!).getByTestId('my-bet-kind').textContent).toBe('Múltipla');
    expect(other!.textContent).toContain('Odds combinadas');
    expect(other!.textContent).toContain('2,10');
  });

  it('is named Criar Aposta in the records page, its match once', async () => {
    render(
      <MemoryRouter>
        <SportsHistory />
      </MemoryRouter>,
    );
    const [row] = await screen.findAllByTestId('records-sports-row');
    expect(row!.textContent).toContain('Criar Aposta (2) · 4,40');
    expect(row!.textContent!.split('Flamengo x Palmeiras')).toHaveLength(2);
  });
});
