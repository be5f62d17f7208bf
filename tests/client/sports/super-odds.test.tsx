import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { alertStore } from '../../../src/shell/app/dialogs';
import { sessionStore } from '../../../src/shell/app/session';
import { BetCard } from '../../../src/shell/sports/bet-card';
import { betsVersion } from '../../../src/shell/sports/bet-slip-store';
import { SportsbookPage } from '../../../src/shell/sports/sportsbook-page';
import type { MySportsBet } from '../../../src/services/sports-api';
import { fail, installFakeServer, ok, type Answer, type FakeServer } from '../support';

/**
 * Super Odds (decision 88) on the sportsbook: a card per running boost with the book's price struck
 * through and the boosted one, taken from the card as a single at the boosted price under its own
 * Idempotency-Key; a boosted bet in Minhas apostas carries a badge and has no cash-out.
 */

const boost = (patch: Record<string, unknown> = {}) => ({
  id: 7,
  fixtureId: 'fx-1',
  fixture: 'Flamengo x Palmeiras',
  startsAt: '2099-03-14T19:00:00.000Z',
  marketId: 'match_winner:full',
  market: 'Resultado Final',
  outcomeId: 'home',
  outcome: 'Flamengo',
  odds: 2.5,
  was: 2.1,
  maxStake: 20,
  sport: 'football',
  ...patch,
});

const placed = {
  betId: 'B-91',
  kind: 'single',
  stake: 10,
  status: 1000,
  state: 'open',
  acceptAt: null,
  combinedOdds: 2.5,
  potentialReturn: 25,
  legs: [{ fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home', odds: 2.5, live: false }],
};

let server: FakeServer;
let boosts: unknown[];
let bet: Answer;
const posted = () => server.requests.filter((r) => r.url === '/api/app/sports/bet');
const bodyOf = (r: InternalAxiosRequestConfig) => JSON.parse(String(r.data)) as Record<string, unknown>;

beforeEach(async () => {
  await setLanguage('pt_BR');
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  alertStore.set([]);
  boosts = [boost()];
  bet = () => ok(placed);
  server = installFakeServer((config) => {
    if (config.url === '/api/app/sports/boosts') return ok(boosts);
    if (config.url === '/api/app/sports/bet') return bet(config);
    if (config.url?.endsWith('/sports/sports') || config.url?.endsWith('/sports/fixtures')) return ok([]);
    if (config.url?.endsWith('/sports/favourites')) return ok({ teams: [], competitions: [] });
    return ok(null);
  });
});

afterEach(() => {
  cleanup();
});

const page = () =>
  render(
    <MemoryRouter initialEntries={['/footballPage']}>
      <SportsbookPage />
    </MemoryRouter>,
  );

describe('Super Odds on the sportsbook', () => {
  it('shows nothing while no Super Odd runs', async () => {
    boosts = [];
    page();
    await screen.findByTestId('upcoming-section');
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/app/sports/boosts')).toBe(true));
    expect(screen.queryByTestId('super-odds')).toBeNull();
  });

  it('shows the selection, the old price struck through, the boosted one and the limit', async () => {
    page();
    const card = await screen.findByTestId('super-odd');
    expect(within(card).getByTestId('super-odd-fixture').textContent).toContain('Flamengo x Palmeiras');
    expect(within(card).getByTestId('super-odd-outcome').textContent).toBe('Flamengo');
    expect(within(card).getByTestId('super-odd-market').textContent).toBe('Resultado Final');
    const was = within(card).getByTestId('super-odd-was');
    expect(was.tagName).toBe('S');
    expect(was.textContent).toBe('2,10');
    expect(within(card).getByTestId('super-odd-odds').textContent).toBe('2,50');
    expect(within(card).getByTestId('super-odd-limit').textContent).toMatch(/^até R\$\s20,00 por jogador$/);
    // Quick stakes stop at the limit.
    expect(
      within(card)
        .getAllByRole('button', { name: /^\d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['5', '10', '20']);
  });

  it('names a boosted market by its sport in the player’s language', async () => {
    boosts = [
      boost({
        fixture: 'Lakers x Celtics',
        marketId: 'totals:full:180.5',
        market: 'Total de Pontos 180,5',
        outcomeId: 'over',
        outcome: 'Mais de 180,5',
        sport: 'basketball',
      }),
    ];
    await act(() => setLanguage('en_US'));
    try {
      page();
      const card = await screen.findByTestId('super-odd');
      expect(within(card).getByTestId('super-odd-market').textContent).toBe('Total points 180,5');
      expect(within(card).getByTestId('super-odd-outcome').textContent).toBe('Over 180,5');
    } finally {
      await act(() => setLanguage('pt_BR'));
    }
  });

  it('places a single at the boosted price with an Idempotency-Key, and re-reads the bet lists', async () => {
    const user = userEvent.setup();
    page();
    const card = await screen.findByTestId('super-odd');
    const before = betsVersion.get();
    await user.click(within(card).getByRole('button', { name: '10' }));
    await user.click(within(card).getByTestId('super-odd-place'));
    expect((await within(card).findByTestId('super-odd-done')).textContent).toContain('Super Odd apostada');
    expect(within(card).getByTestId('super-odd-done').textContent).toContain('B-91');
    const [request] = posted();
    expect(bodyOf(request!)).toEqual({
      boostId: 7,
      stake: 10,
      legs: [{ fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home', odds: 2.5 }],
      oddsChange: 'none',
    });
    expect(String(request!.headers['Idempotency-Key'])).toMatch(/^[0-9a-f]{32}$/);
    expect(betsVersion.get()).toBe(before + 1);
  });

  it('shows a refusal in the server’s words, and the next try is a new action', async () => {
    const user = userEvent.setup();
    bet = () => fail(409, 409, 'Nesta Super Odd você ainda pode apostar até R$ 5,00');
    page();
    const card = await screen.findByTestId('super-odd');
    await user.type(within(card).getByTestId('super-odd-stake'), '20');
    await user.click(within(card).getByTestId('super-odd-place'));
    expect((await within(card).findByTestId('super-odd-problem')).textContent).toBe(
      'Nesta Super Odd você ainda pode apostar até R$ 5,00',
    );
    await user.click(within(card).getByTestId('super-odd-place'));
    await waitFor(() => expect(posted()).toHaveLength(2));
    const [first, second] = posted();
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('keeps the key for a retry when the first attempt’s fate is unknown', async () => {
    const user = userEvent.setup();
    bet = () => fail(503, 503, 'Serviço indisponível');
    page();
    const card = await screen.findByTestId('super-odd');
    await user.type(within(card).getByTestId('super-odd-stake'), '5');
    await user.click(within(card).getByTestId('super-odd-place'));
    await within(card).findByTestId('super-odd-problem');
    bet = () => ok(placed);
    await user.click(within(card).getByTestId('super-odd-place'));
    await within(card).findByTestId('super-odd-done');
    const [first, second] = posted();
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });

  it('asks a visitor to log in instead of placing', async () => {
    sessionStore.set({ ...sessionStore.get(), token: null });
    const user = userEvent.setup();
    page();
    const card = await screen.findByTestId('super-odd');
    await user.type(within(card).getByTestId('super-odd-stake'), '5');
    await user.click(within(card).getByTestId('super-odd-place'));
    await waitFor(() =>
      expect(alertStore.get().map((a) => a.message)).toEqual(['Por favor, faça login primeiro']),
    );
    expect(posted()).toEqual([]);
  });
});

describe('a Super Odd in Minhas apostas', () => {
  const myBet = (patch: Partial<MySportsBet> = {}): MySportsBet =>
    ({
      betId: 'B-91',
      kind: 'single',
      state: 'open',
      stake: 10,
      stakeOpen: 10,
      payout: 0,
      cashedOut: 0,
      cashout: { available: false, value: null },
      potentialReturn: 25,
      combinedOdds: 2.5,
      result: 1000,
      resultText: 'Em aberto',
      orderStatus: 0,
      oddsChange: 'none',
      placedAt: '2026-03-13T12:00:00.000Z',
      acceptAt: null,
      settledAt: null,
      legs: [
        {
          fixtureId: 'fx-1',
          fixture: 'Flamengo x Palmeiras',
          marketId: 'match_winner:full',
          market: 'Resultado Final',
          outcomeId: 'home',
          outcome: 'Flamengo',
          odds: 2.5,
          live: false,
          scoreAtPlacement: null,
          result: 1000,
          resultText: 'Em aberto',
        },
      ],
      ...patch,
    }) as MySportsBet;

  const card = (b: MySportsBet) =>
    render(
      <MemoryRouter>
        <ul>
          <BetCard bet={b} locale="pt-BR" onClosed={() => undefined} />
        </ul>
      </MemoryRouter>,
    );

  it('badges a boosted bet and says it has no cash-out', () => {
    card(myBet({ boosted: true }));
    expect(screen.getByTestId('my-bet-kind').textContent).toBe('SimplesSuper Odd');
    expect(screen.getByTestId('my-bet-boosted').textContent).toBe('Super Odd');
    expect(screen.getByTestId('cashout-boosted').textContent).toBe(
      'Super Odds não têm a opção de encerrar aposta',
    );
    expect(screen.queryByText('Encerrar aposta indisponível no momento')).toBeNull();
  });

  it('leaves other bets without the badge', () => {
    card(myBet());
    expect(screen.queryByTestId('my-bet-boosted')).toBeNull();
    expect(screen.getByText('Encerrar aposta indisponível no momento')).toBeTruthy();
  });
});
