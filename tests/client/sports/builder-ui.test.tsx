import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { alertStore } from '../../../src/shell/app/dialogs';
import { sessionStore } from '../../../src/shell/app/session';
import { betSlip } from '../../../src/shell/sports/bet-slip-store';
import { betBuilder } from '../../../src/shell/sports/builder-store';
import { FixturePage } from '../../../src/shell/sports/fixture-page';
import type { SportsMarket } from '../../../src/services/sports-api';
import { fail, installFakeServer, ok, sportsFixture, type Answer, type FakeServer } from '../support';

/**
 * Criar Aposta on the fixture page (issue 16, decision 87): a mode of its own where a tap adds a
 * selection to the builder (one per market), the server prices them together, refuses in its own
 * words, and takes the bet as `kind: "builder"` at the quoted price.
 */

const market = (
  id: string,
  name: string,
  outcomes: Array<[string, string, number]>,
  patch: Partial<SportsMarket> = {},
): SportsMarket => {
  const [type = '', period = 'full', line] = id.split(':');
  return {
    id,
    type,
    period,
    line: line === undefined ? null : Number(line),
    status: 1,
    name,
    group: name.replace(/ [\d,]+$/, ''),
    outcomes: outcomes.map(([oid, oname, odds]) => ({ id: oid, name: oname, odds, active: true })),
    ...patch,
  };
};

const fixture = {
  ...sportsFixture('fx-1', {
    competition: 'Brasileirão Série A',
    home: 'Flamengo',
    away: 'Palmeiras',
    startsAt: '2026-03-14T19:00:00.000Z',
  }),
  stats: {},
  markets: [
    market('match_winner:full', 'Resultado Final', [
      ['home', 'Flamengo', 2.1],
      ['draw', 'Empate', 3.2],
      ['away', 'Palmeiras', 3.6],
    ]),
    market('asian_handicap:full:-0.5', 'Handicap Asiático -0,5', [
      ['home', 'Flamengo -0,5', 2.1],
      ['away', 'Palmeiras +0,5', 1.75],
    ]),
    market('totals:full:2', 'Total de Gols 2', [
      ['over', 'Mais de 2', 1.9],
      ['under', 'Menos de 2', 1.9],
    ]),
    market('totals:full:2.5', 'Total de Gols 2,5', [
      ['over', 'Mais de 2,5', 2.2],
      ['under', 'Menos de 2,5', 1.7],
    ]),
    market('btts:full', 'Ambas Marcam', [
      ['yes', 'Sim', 1.9],
      ['no', 'Não', 1.85],
    ]),
    market('correct_score:full', 'Placar Exato', [
      ['1-0', '1 x 0', 8],
      ['0-1', '0 x 1', 11],
    ]),
  ],
};

const placed = (patch: Record<string, unknown> = {}) => ({
  betId: 'B-77',
  kind: 'builder',
  stake: 10,
  status: 1000,
  state: 'open',
  acceptAt: null,
  combinedOdds: 4.4,
  potentialReturn: 44,
  legs: [
    { fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home', odds: 2.1, live: false },
    { fixtureId: 'fx-1', marketId: 'btts:full', outcomeId: 'yes', odds: 1.9, live: false },
  ],
  ...patch,
});

let server: FakeServer;
/** What the quote and bet calls answer; each test sets its own. */
let quote: Answer;
let bet: Answer;
const posted = (path: string) => server.requests.filter((r) => r.url === path);
const bodyOf = (r: InternalAxiosRequestConfig) => JSON.parse(String(r.data)) as Record<string, unknown>;

beforeEach(async () => {
  await setLanguage('pt_BR');
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  alertStore.set([]);
  quote = () => ok({ odds: 4.4 });
  bet = () => ok(placed());
  server = installFakeServer((config) => {
    if (config.url === '/api/app/sports/fixtures/fx-1') return ok(fixture);
    if (config.url === '/api/app/sports/favourites') return ok({ teams: [], competitions: [] });
    if (config.url === '/api/app/sports/builder/quote') return quote(config);
    if (config.url === '/api/app/sports/bet') return bet(config);
    return ok(null);
  });
  // Each test starts with an empty builder and slip.
  act(() => {
    betBuilder().send({ type: 'builder.open', fixtureId: 'none', fixture: '' });
    betBuilder().send({ type: 'player.setStake', text: '' });
    betSlip().send({ type: 'slip.clear' });
  });
});

afterEach(() => {
  cleanup();
});

function Page() {
  return (
    <MemoryRouter initialEntries={['/sports/fixture/fx-1']}>
      <Routes>
        <Route path="/sports/fixture/:id" element={<FixturePage />} />
      </Routes>
    </MemoryRouter>
  );
}

/** The price button of a market's outcome. */
const price = (marketId: string, outcomeId: string) =>
  document.querySelector<HTMLButtonElement>(
    `[data-testid=odds-button][data-market="${marketId}"][data-outcome="${outcomeId}"]`,
  );

async function openBuilder(user: ReturnType<typeof userEvent.setup>) {
  render(<Page />);
  await user.click(await screen.findByTestId('fixture-mode-builder'));
  expect(screen.getByTestId('bet-builder')).toBeTruthy();
}

describe('Criar Aposta on the fixture page', () => {
  it('keeps the slip outside the mode, and in it lists only the markets it takes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(await screen.findByTestId('fixture-mode-all'));
    await user.click(price('match_winner:full', 'home')!);
    expect(screen.getByTestId('slip-count').textContent).toBe('1');
    expect(price('asian_handicap:full:-0.5', 'home')).not.toBeNull();

    await user.click(screen.getByTestId('fixture-mode-builder'));
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect(screen.getByTestId('builder-lead').textContent).toContain('só os mercados que entram');
    // Handicaps and whole lines can refund part of a stake: not in the builder.
    expect(price('asian_handicap:full:-0.5', 'home')).toBeNull();
    expect(price('totals:full:2', 'over')).toBeNull();
    expect(price('totals:full:2.5', 'over')).not.toBeNull();
    // The slip's pick is not the builder's.
    expect(price('match_winner:full', 'home')!.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('builder-count').textContent).toBe('0');
  });

  it('adds a selection, replaces it with another of its market, removes it, and prices two', async () => {
    const user = userEvent.setup();
    await openBuilder(user);
    await user.click(price('match_winner:full', 'home')!);
    expect(price('match_winner:full', 'home')!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('builder-count').textContent).toBe('1');
    expect(screen.getByTestId('builder-bar-status').textContent).toBe(
      'Escolha mais uma seleção para ver as odds',
    );

    // Another selection of the same market replaces it.
    await user.click(price('match_winner:full', 'draw')!);
    expect(price('match_winner:full', 'home')!.getAttribute('aria-pressed')).toBe('false');
    expect(price('match_winner:full', 'draw')!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('builder-count').textContent).toBe('1');

    await user.click(price('btts:full', 'yes')!);
    expect(screen.getByTestId('builder-count').textContent).toBe('2');
    expect(screen.getByTestId('builder-quote').getAttribute('data-status')).toBe('loading');
    expect((await screen.findByTestId('builder-bar-odds')).textContent).toBe('4,40');
    expect(screen.getByTestId('builder-odds').textContent).toBe('4,40');
    expect(posted('/api/app/sports/builder/quote').map(bodyOf)).toEqual([
      {
        fixtureId: 'fx-1',
        legs: [
          { marketId: 'match_winner:full', outcomeId: 'draw' },
          { marketId: 'btts:full', outcomeId: 'yes' },
        ],
      },
    ]);
    const names = screen.getAllByTestId('builder-selection').map((li) => li.textContent);
    expect(names).toEqual(['EmpateResultado Final', 'SimAmbas Marcam']);

    // Removed from the panel, or tapped again on the page: one left, no price.
    await user.click(screen.getAllByTestId('builder-remove')[1]!);
    expect(price('btts:full', 'yes')!.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('builder-quote').getAttribute('data-status')).toBe('short');
    await user.click(price('match_winner:full', 'draw')!);
    expect(screen.getByTestId('builder-count').textContent).toBe('0');
    expect(screen.getByTestId('builder-empty')).toBeTruthy();
  });

  it('shows the server’s refusal in its own words, and a price again once the selections change', async () => {
    const user = userEvent.setup();
    quote = (config) =>
      String(config.data).includes('correct_score')
        ? fail(409, 409, 'Essas seleções não podem acontecer juntas')
        : ok({ odds: 4.4 });
    await openBuilder(user);
    await user.click(price('match_winner:full', 'home')!);
    await user.click(price('correct_score:full', '0-1')!);
    expect((await screen.findByTestId('builder-refusal')).textContent).toBe(
      'Essas seleções não podem acontecer juntas',
    );
    expect(screen.getByTestId('builder-bar-status').textContent).toBe(
      'Essas seleções não podem acontecer juntas',
    );
    // Shown beside the selections, never as an alert over the page.
    expect(alertStore.get()).toEqual([]);
    await user.type(screen.getByTestId('builder-stake'), '10');
    await user.click(screen.getByTestId('builder-place'));
    expect(screen.getByTestId('builder-problem').textContent).toBe(
      'Troque as seleções para ter odds do Criar Aposta',
    );
    expect(posted('/api/app/sports/bet')).toEqual([]);

    await user.click(price('correct_score:full', '0-1')!);
    await user.click(price('btts:full', 'yes')!);
    expect((await screen.findByTestId('builder-odds')).textContent).toBe('4,40');
    expect(screen.queryByTestId('builder-refusal')).toBeNull();
  });

  it('places the quoted price as one bet of kind builder, under an Idempotency-Key', async () => {
    const user = userEvent.setup();
    await openBuilder(user);
    await user.click(price('match_winner:full', 'home')!);
    await user.click(price('btts:full', 'yes')!);
    await screen.findByTestId('builder-odds');
    await user.type(screen.getByTestId('builder-stake'), '10');
    expect(screen.getByTestId('builder-return').textContent).toContain('44,00');
    await user.click(screen.getByTestId('builder-place'));

    const receipt = await screen.findByTestId('builder-receipt');
    expect(within(receipt).getByText('Criar Aposta feita')).toBeTruthy();
    expect(receipt.textContent).toContain('Bilhete B-77');
    const [request] = posted('/api/app/sports/bet');
    expect(bodyOf(request!)).toEqual({
      kind: 'builder',
      stake: 10,
      odds: 4.4,
      legs: [
        { fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home' },
        { fixtureId: 'fx-1', marketId: 'btts:full', outcomeId: 'yes' },
      ],
      oddsChange: 'none',
    });
    expect(String(request!.headers['Idempotency-Key'])).toMatch(/^[0-9a-f]{32}$/);

    // On: an empty builder for the next one.
    await user.click(screen.getByTestId('builder-dismiss'));
    expect(screen.getByTestId('builder-count').textContent).toBe('0');
  });

  it('asks for the price again when the odds moved, and places the next try under a new key', async () => {
    const user = userEvent.setup();
    await openBuilder(user);
    await user.click(price('match_winner:full', 'home')!);
    await user.click(price('btts:full', 'yes')!);
    await screen.findByTestId('builder-odds');
    await user.type(screen.getByTestId('builder-stake'), '10');

    bet = () => fail(409, 409, 'As odds mudaram. Confira a nova cotação');
    quote = () => ok({ odds: 4.6 });
    await user.click(screen.getByTestId('builder-place'));
    expect((await screen.findByTestId('builder-failure')).textContent).toBe(
      'As odds mudaram. Confira a nova cotação',
    );
    await waitFor(() => expect(screen.getByTestId('builder-odds').textContent).toBe('▲ 4,60'));

    bet = () => ok(placed({ combinedOdds: 4.6, potentialReturn: 46 }));
    await user.click(screen.getByTestId('builder-place'));
    await screen.findByTestId('builder-receipt');
    const [first, second] = posted('/api/app/sports/bet');
    expect(bodyOf(second!).odds).toBe(4.6);
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('prices for a visitor, and asks them to log in to place', async () => {
    sessionStore.set({ ...sessionStore.get(), token: null });
    const user = userEvent.setup();
    await openBuilder(user);
    await user.click(price('match_winner:full', 'home')!);
    await user.click(price('totals:full:2.5', 'over')!);
    expect((await screen.findByTestId('builder-odds')).textContent).toBe('4,40');
    await user.type(screen.getByTestId('builder-stake'), '5');
    await user.click(screen.getByTestId('builder-place'));
    await waitFor(() =>
      expect(alertStore.get().map((a) => a.message)).toEqual(['Por favor, faça login primeiro']),
    );
    expect(posted('/api/app/sports/bet')).toEqual([]);
  });
});
