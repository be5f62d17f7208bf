import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { sessionStore } from '../../../src/shell/app/session';
import { betSlip } from '../../../src/shell/sports/bet-slip-store';
import { FixturePage } from '../../../src/shell/sports/fixture-page';
import { FixtureRow } from '../../../src/shell/sports/fixture-row';
import type { SportsFixtureDetail } from '../../../src/services/sports-api';
import { installFakeServer, ok, sportsFixture } from '../support';

/**
 * A race's own fixture (motor racing's Vencedor da Corrida): named by the race, not "x versus y",
 * its field a list of drivers with the price beside each name, a tap on the slip under the race's
 * name; in a list, a way to the field instead of prices inline.
 */

const DRIVERS: Array<[string, number]> = [
  ['Max Verstappen', 3.3],
  ['Lando Norris', 4.5],
  ['Charles Leclerc', 5.1],
  ['Gabriel Bortoleto', 12.5],
  ['Nico Hülkenberg', 41],
  ['Franco Colapinto', 1000],
];

const race: SportsFixtureDetail = {
  ...sportsFixture('mr-race', {
    sport: 'motor_racing',
    competition: 'Fórmula 1',
    home: 'GP de São Paulo',
    away: '',
    startsAt: '2026-11-08T17:00:00.000Z',
  }),
  stats: {},
  markets: [
    {
      id: 'outright:full',
      type: 'outright',
      period: 'full',
      line: null,
      status: 1,
      name: 'Vencedor da Corrida',
      group: 'Vencedor da Corrida',
      outcomes: DRIVERS.map(([name, odds], k) => ({ id: `d${k + 1}`, name, odds, active: true })),
    },
  ],
};

beforeEach(async () => {
  await setLanguage('pt_BR');
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  installFakeServer((config) => {
    if (config.url === '/api/app/sports/fixtures/mr-race') return ok(race);
    if (config.url === '/api/app/sports/favourites') return ok({ teams: [], competitions: [] });
    return ok(null);
  });
  act(() => betSlip().send({ type: 'slip.clear' }));
});

afterEach(() => cleanup());

describe('a race’s own fixture', () => {
  it('lists its field driver by driver, full names beside their prices, and puts a driver on the slip', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/sports/fixture/mr-race']}>
        <Routes>
          <Route path="/sports/fixture/:id" element={<FixturePage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('GP de São Paulo');
    const group = screen.getByTestId('market-group');
    expect(group.querySelector('.market-group__head span')!.textContent).toBe('Vencedor da Corrida');
    // The tracker names the race and its start: no sides, no score.
    const tracker = screen.getByTestId('live-tracker');
    expect(tracker.textContent).toContain('GP de São Paulo');
    expect(within(tracker).queryByTestId('tracker-score')).toBeNull();
    // Stars for the competition only: a race's name is no team.
    expect(await screen.findByTestId('favourite-competition')).toBeTruthy();
    expect(screen.queryByTestId('favourite-team')).toBeNull();

    const market = screen.getByTestId('market');
    expect(market.querySelector('.market__outcomes--list')).not.toBeNull();
    const rows = within(market).getAllByTestId('odds-button');
    expect(rows.map((b) => b.querySelector('.odds__label')!.textContent)).toEqual(
      DRIVERS.map(([name]) => name),
    );
    expect(rows.map((b) => within(b).getByTestId('odds-price').textContent)).toEqual([
      '3,30',
      '4,50',
      '5,10',
      '12,50',
      '41,00',
      '1.000,00',
    ]);

    await user.click(rows[3]!);
    const pick = screen.getByTestId('slip-selection');
    expect(pick.querySelector('.slip-pick__outcome')!.textContent).toBe('Gabriel Bortoleto');
    expect(pick.querySelector('.slip-pick__market')!.textContent).toBe('Vencedor da Corrida');
    expect(pick.querySelector('.slip-pick__fixture')!.textContent!.trim()).toBe('GP de São Paulo');
  });

  it('names the field in the player’s language', async () => {
    await setLanguage('en_US');
    render(
      <MemoryRouter initialEntries={['/sports/fixture/mr-race']}>
        <Routes>
          <Route path="/sports/fixture/:id" element={<FixturePage />} />
        </Routes>
      </MemoryRouter>,
    );
    const group = await screen.findByTestId('market-group');
    expect(group.querySelector('.market-group__head span')!.textContent).toBe('Race winner');
  });

  it('leads from a list to its field: one name, no second side, no prices inline', () => {
    render(
      <MemoryRouter>
        <ul>
          <FixtureRow fixture={{ ...race, main: race.markets[0]! }} />
        </ul>
      </MemoryRouter>,
    );
    const row = screen.getByTestId('fixture-row');
    expect([...row.querySelectorAll('.fixture__team')].map((t) => t.textContent)).toEqual([
      'GP de São Paulo',
    ]);
    expect(within(row).queryByTestId('odds-button')).toBeNull();
    const link = within(row).getByTestId('race-link');
    expect(link.textContent).toContain('Vencedor da Corrida');
    expect(link.getAttribute('href')).toBe('/sports/fixture/mr-race');
  });

  it('says there are no prices when its field is closed', () => {
    render(
      <MemoryRouter>
        <ul>
          <FixtureRow fixture={race} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('race-link')).toBeNull();
    expect(screen.getByTestId('fixture-row').textContent).toContain('Sem cotações');
  });
});
