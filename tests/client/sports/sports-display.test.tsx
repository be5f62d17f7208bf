import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../src/lib/i18n';
import { tennisPoints } from '../../../domain/sports/labels';
import type { SportsFixtureDetail, SportsMarket } from '../../../src/services/sports-api';
import { FixtureRow } from '../../../src/shell/sports/fixture-row';
import { LiveTracker } from '../../../src/shell/sports/live-tracker';
import { OddsButton } from '../../../src/shell/sports/odds-button';
import { periodLabel } from '../../../src/shell/sports/sports-format';

/** How the sportsbook's pages read a line, a period and a tennis game to a Brazilian bettor. */

afterEach(() => cleanup());

const football: SportsFixtureDetail = {
  id: 'fb-1',
  sport: 'football',
  competition: 'Brasileirão Série A',
  home: 'Athletico Paranaense',
  away: 'Botafogo',
  startsAt: '2026-11-22T20:00:00.000Z',
  live: true,
  periodCode: 2,
  clock: '45:00',
  score: { home: 1, away: 0 },
  suspended: false,
  main: null,
  stats: { corners: { home: 3, away: 2 } },
  markets: [],
};

describe('the sportsbook pages', () => {
  it('keeps a handicap side’s line whole beside a team name that may be cut short', () => {
    const market: SportsMarket = {
      id: 'asian_handicap:full:-0.75',
      type: 'asian_handicap',
      period: 'full',
      line: -0.75,
      status: 1,
      name: 'Handicap Asiático -0,75',
      group: 'Handicap Asiático',
      outcomes: [
        { id: 'home', name: 'Athletico Paranaense -0,75', odds: 2.62, active: true },
        { id: 'away', name: 'Botafogo +0,75', odds: 1.44, active: true },
      ],
    };
    render(
      <>
        {market.outcomes.map((o) => (
          <OddsButton key={o.id} fixture={football} market={market} outcome={o} />
        ))}
      </>,
    );
    const [home, away] = screen.getAllByTestId('odds-button');
    expect(home!.querySelector('.odds__team')!.textContent).toBe('Athletico Paranaense');
    expect(home!.querySelector('.odds__line')!.textContent).toBe('-0,75');
    expect(away!.querySelector('.odds__line')!.textContent).toBe('+0,75');
    expect(within(away!).getByTestId('odds-price').textContent).toBe('1,44');
  });

  it('says Intervalo at half-time instead of a clock stuck at 45:00', () => {
    render(
      <MemoryRouter>
        <ul>
          <FixtureRow fixture={football} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('fixture-clock').textContent).toBe('Intervalo');
    cleanup();
    render(<LiveTracker fixture={football} />);
    expect(screen.getByTestId('tracker-period').textContent).toBe('Intervalo');
    expect(screen.queryByTestId('tracker-clock')).toBeNull();
  });

  it('gives a quarter’s clock its quarter in the list', () => {
    const basketball = { ...football, sport: 'basketball', periodCode: 1002, clock: '00:50' };
    render(
      <MemoryRouter>
        <ul>
          <FixtureRow fixture={basketball} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('fixture-period').textContent).toBe('2º Quarto');
    expect(screen.getByTestId('fixture-clock').textContent).toBe('00:50');
  });

  it('reads a tennis match in its own words: the set from the clock, the game in 15, 30, 40 and AD', () => {
    const tennis: SportsFixtureDetail = {
      ...football,
      id: 'tn-1',
      sport: 'tennis',
      home: 'Jannik Sinner',
      away: 'Novak Djokovic',
      periodCode: 1,
      clock: '2º set',
      score: { home: 0, away: 1 },
      stats: { games: { home: 2, away: 1 }, points: { home: 4, away: 3 } },
    };
    render(<LiveTracker fixture={tennis} />);
    // Code 1 is football's first half: tennis has no such period.
    expect(screen.queryByTestId('tracker-period')).toBeNull();
    expect(screen.getByTestId('tracker-clock').textContent).toBe('2º set');
    const points = screen.getAllByTestId('tracker-stat')[1]!;
    expect(points.textContent).toContain('AD');
    expect(points.textContent).toContain('40');
  });

  it('shows a postponed match’s new start and no 0-0 score', () => {
    const postponed = { ...football, live: false, periodCode: -14, clock: null, score: { home: 0, away: 0 } };
    render(<LiveTracker fixture={postponed} />);
    expect(screen.queryByTestId('tracker-score')).toBeNull();
    expect(screen.getByTestId('tracker-period').textContent).toBe('Adiado');
    expect(screen.queryAllByTestId('tracker-stat')).toEqual([]);
  });

  it('names periods by sport and tennis points by the score', () => {
    expect(periodLabel(1, 'football')).toBe('1º Tempo');
    expect(periodLabel(3, 'american_football')).toBe('2º Tempo');
    expect(periodLabel(1004, 'basketball')).toBe('4º Quarto');
    expect(periodLabel(3, 'cricket')).toBe('2ª entrada');
    expect(periodLabel(1, 'volleyball')).toBe('');
    expect(periodLabel(-1, 'tennis')).toBe('Encerrado');
    expect(periodLabel(-14, 'boxing')).toBe('Adiado');
    expect([tennisPoints(0, 0), tennisPoints(1, 0), tennisPoints(2, 3), tennisPoints(3, 2)]).toEqual([
      '0',
      '15',
      '30',
      '40',
    ]);
    expect([tennisPoints(4, 4), tennisPoints(5, 4), tennisPoints(4, 5)]).toEqual(['40', 'AD', '40']);
    expect(tennisPoints(5, 3, true)).toBe('5');
  });
});
