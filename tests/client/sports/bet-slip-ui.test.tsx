import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { sessionStore } from '../../../src/shell/app/session';
import { BetSlip } from '../../../src/shell/sports/bet-slip';
import { betSlip } from '../../../src/shell/sports/bet-slip-store';
import { OddsButton } from '../../../src/shell/sports/odds-button';
import type { SportsMarket } from '../../../src/services/sports-api';
import { fail, installFakeServer, ok, type FakeServer } from '../support';
import { SHIPPED_LIMITS } from '../../support/sports-limits';

const fixture = { id: 'fx-1', sport: 'football', home: 'Flamengo', away: 'Palmeiras', live: false };
const market: SportsMarket = {
  id: 'match_winner:full',
  type: 'match_winner',
  period: 'full',
  line: null,
  status: 1,
  name: 'Resultado Final',
  group: 'Resultado Final',
  outcomes: [
    { id: 'home', name: 'Flamengo', odds: 2.1, active: true },
    { id: 'draw', name: 'Empate', odds: 3.2, active: true },
    { id: 'away', name: 'Palmeiras', odds: 3.6, active: true },
  ],
};

function Page() {
  return (
    <MemoryRouter>
      {market.outcomes.map((o) => (
        <OddsButton key={o.id} fixture={fixture} market={market} outcome={o} />
      ))}
      <BetSlip />
    </MemoryRouter>
  );
}

let server: FakeServer;

beforeEach(() => {
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  server = installFakeServer(() => ok(null));
  // The slip keeps a player's stake when its picks are cleared; each test starts with none.
  act(() => {
    betSlip().send({ type: 'slip.clear' });
    betSlip().send({ type: 'player.setStake', text: '' });
  });
});

afterEach(() => {
  cleanup();
});

describe('the bet slip on screen', () => {
  it('takes a price from the page, explains a missing stake in pt-BR, and places with a key', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const home = screen.getAllByTestId('odds-button')[0]!;
    await user.click(home);
    expect(home.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('slip-count').textContent).toBe('1');
    expect(within(screen.getByTestId('slip-selection')).getByText('Flamengo')).toBeTruthy();

    await user.click(screen.getByTestId('slip-place'));
    expect(screen.getByTestId('slip-problem').textContent).toBe('Informe o valor da aposta');

    server.answer = () =>
      ok({
        betId: 'S1',
        stake: 10,
        status: 1000,
        state: 'open',
        acceptAt: null,
        combinedOdds: 2.1,
        potentialReturn: 21,
        legs: [
          { fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home', odds: 2.1, live: false },
        ],
      });
    await user.type(screen.getByTestId('slip-stake'), '10');
    expect(screen.getByTestId('slip-return').textContent).toContain('21,00');
    await user.click(screen.getByTestId('slip-place'));
    expect(await screen.findByTestId('slip-receipt')).toBeTruthy();
    expect(screen.getByTestId('slip-result').getAttribute('data-ok')).toBe('true');
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/api/app/sports/bet');
    expect(JSON.parse(request.data as string)).toMatchObject({
      stake: 10,
      oddsChange: 'none',
      legs: [{ fixtureId: 'fx-1', marketId: 'match_winner:full', outcomeId: 'home', odds: 2.1 }],
    });
    expect(String(request.headers['Idempotency-Key'])).toMatch(/^[0-9a-f]{32}$/);
    // On a phone the slip is a sheet: "Continuar apostando" closes it over the list.
    await user.click(screen.getByTestId('slip-toggle'));
    expect(screen.getByTestId('slip-toggle').getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByTestId('slip-dismiss'));
    expect(screen.getByTestId('slip-toggle').getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the server’s refusal in words, its code as small print, and keeps the selection', async () => {
    const user = userEvent.setup();
    server.answer = () => fail(409, 409, 'Opção não disponível para apostas');
    render(<Page />);
    await user.click(screen.getAllByTestId('odds-button')[2]!);
    await user.type(screen.getByTestId('slip-stake'), '5');
    await user.click(screen.getByTestId('slip-place'));
    const refusal = await screen.findByTestId('slip-refusal');
    // Words first; the code only as small print beside them (issue 18).
    expect(refusal.textContent).toBe('Opção não disponível para apostas cód. 409');
    expect(refusal.querySelector('small')?.textContent).toBe('cód. 409');
    await user.click(screen.getByTestId('slip-dismiss'));
    expect(screen.getByTestId('slip-pick-refusal').textContent).toContain(
      'Opção não disponível para apostas',
    );
    expect(screen.getAllByTestId('slip-selection')).toHaveLength(1);
  });

  it('says a limit while the stake is typed, sends nothing past it, and offers the stake that fits', async () => {
    const user = userEvent.setup();
    let maxStake = SHIPPED_LIMITS.maxStake;
    server.answer = (config) =>
      config.url === '/api/app/sports/limits' ? ok({ ...SHIPPED_LIMITS, maxStake }) : ok(null);
    const limitReads = () => server.requests.filter((r) => r.url === '/api/app/sports/limits').length;
    render(<Page />);
    // The first outcome is at 2,10: R$ 5.000 returns R$ 10.500, within the payout cap.
    await user.click(screen.getAllByTestId('odds-button')[0]!);
    await user.type(screen.getByTestId('slip-stake'), '6000');
    const note = await screen.findByTestId('slip-limit');
    expect(note.textContent).toMatch(/^Aposta máxima: R\$\s5\.000,00/);
    expect(note.getAttribute('role')).toBe('status');
    // The button reads as unavailable and still answers a tap.
    expect(screen.getByTestId('slip-place').getAttribute('aria-disabled')).toBe('true');
    const reads = limitReads();
    await user.click(screen.getByTestId('slip-place'));
    expect(server.requests.filter((r) => r.url === '/api/app/sports/bet')).toHaveLength(0);
    // Pressed against the limit, the note is announced, and the limits are read again.
    expect(screen.getByTestId('slip-limit').getAttribute('role')).toBe('alert');
    expect(limitReads()).toBe(reads + 1);
    await user.click(screen.getByTestId('slip-limit-fit'));
    expect((screen.getByTestId('slip-stake') as HTMLInputElement).value).toBe('5000,00');
    expect(screen.queryByTestId('slip-limit')).toBeNull();
    expect(screen.getByTestId('slip-place').getAttribute('aria-disabled')).toBeNull();

    // An operator raises the maximum: the next press against the old one reads it, and the
    // stake stands.
    maxStake = 10_000;
    await user.clear(screen.getByTestId('slip-stake'));
    await user.type(screen.getByTestId('slip-stake'), '6000');
    expect(await screen.findByTestId('slip-limit')).toBeTruthy();
    await user.click(screen.getByTestId('slip-place'));
    await waitFor(() => expect(screen.queryByTestId('slip-limit')).toBeNull());
  });
});
