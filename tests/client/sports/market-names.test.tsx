import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import { formatDateTime } from '../../../src/lib/format';
import { teamsOfTitle, useMarketNames } from '../../../src/shell/sports/market-names';
import { playerMarketNames } from '../../../src/shell/sports/player-market-names';

/**
 * The server names markets in pt-BR and sends their ids beside the names; the other languages name
 * them from the id (a player reading English saw "Resultado Final" and "Empate").
 */
const teams = { home: 'Flamengo', away: 'Palmeiras' };
const { market: marketLabel, group: groupLabel, outcome: outcomeLabel } = playerMarketNames;

/** A market's name and a selection's, as a page shows them. */
function Leg() {
  const names = useMarketNames();
  return (
    <p>
      {names.market({ id: 'match_winner:full', name: 'Resultado Final' }, 'football')} ·{' '}
      {names.outcome('match_winner:full', { id: 'draw', name: 'Empate' })}
    </p>
  );
}
afterEach(cleanup);
const renderLeg = () =>
  render(
    <Suspense fallback={<p>…</p>}>
      <Leg />
    </Suspense>,
  );

describe('market names in English', () => {
  beforeAll(() => setLanguage('en_US'));
  afterAll(() => setLanguage('pt_BR'));

  it('names a market from its id, its period, line and sport', () => {
    expect(marketLabel({ id: 'match_winner:full', name: 'Resultado Final' }, 'football')).toBe(
      'Full-time result',
    );
    expect(
      marketLabel({ id: 'totals:first_half:1.5', name: '1º Tempo - Total de Gols 1,5' }, 'football'),
    ).toBe('1st half - Total goals 1,5');
    expect(
      marketLabel({ id: 'asian_handicap:full:-0.25', name: 'Handicap Asiático -0,25' }, 'football'),
    ).toBe('Asian handicap -0,25');
    expect(marketLabel({ id: 'totals:full:180.5', name: 'Total de Pontos 180,5' }, 'basketball')).toBe(
      'Total points 180,5',
    );
    expect(
      marketLabel({ id: 'home_totals:full:1.5', name: 'Total de Gols - Flamengo 1,5' }, 'football', teams),
    ).toBe('Total goals - Flamengo 1,5');
    expect(marketLabel({ id: 'btts:full', name: 'Ambas Marcam' })).toBe('Both teams to score');
    // A team's own market shown without its fixture's title names the side, never a blank.
    expect(
      marketLabel({ id: 'away_totals:full:1.5', name: 'Total de Gols - Palmeiras 1,5' }, 'football'),
    ).toBe('Total goals - Away 1,5');
  });

  it("keeps the server's name where it cannot build one: an unknown id, or a sport it was not told", () => {
    expect(marketLabel({ id: 'mystery:full', name: 'Mercado Novo' }, 'football')).toBe('Mercado Novo');
    expect(marketLabel({ id: 'match_winner:full', name: 'Resultado Final' })).toBe('Resultado Final');
  });

  it('names the groups of the fixture page and the words of the selections', () => {
    expect(groupLabel({ id: 'match_winner:full', group: 'Resultado Final' }, 'football')).toBe(
      'Full-time result',
    );
    expect(groupLabel({ id: 'corners_totals:full:9.5', group: 'Escanteios' }, 'football')).toBe('Corners');
    expect(groupLabel({ id: 'totals:first_half:0.5', group: '1º Tempo' }, 'football')).toBe('1st half');
    expect(outcomeLabel('match_winner:full', { id: 'draw', name: 'Empate' })).toBe('Draw');
    expect(outcomeLabel('totals:full:2.5', { id: 'over', name: 'Mais de 2,5' })).toBe('Over 2,5');
    expect(outcomeLabel('btts:full', { id: 'no', name: 'Não' })).toBe('No');
    expect(outcomeLabel('match_winner:full', { id: 'home', name: 'Flamengo' })).toBe('Flamengo');
  });

  it('shows a page its names in English, never the Portuguese ones first', async () => {
    let shown = '';
    await act(async () => {
      shown = renderLeg().container.textContent ?? '';
    });
    expect(shown).not.toContain('Resultado Final');
    expect(await screen.findByText('Full-time result · Draw')).toBeTruthy();
  });

  it('names the month in a date, so 6 December never reads as 12 June', () => {
    expect(formatDateTime('2026-12-07T00:52:00.000Z', 'en-US')).toMatch(/^Dec \d, 2026, \d{1,2}:52 [AP]M$/);
  });
});

describe('market names in Portuguese', () => {
  it("shows the server's names as they are", () => {
    renderLeg();
    expect(screen.getByText('Resultado Final · Empate')).toBeTruthy();
    expect(formatDateTime('2026-03-05T17:07:00.000Z', 'pt-BR')).toMatch(/^05\/03\/2026,? \d{2}:07$/);
  });

  it('reads the two sides from a fixture title', () => {
    expect(teamsOfTitle('Flamengo x Palmeiras')).toEqual(teams);
    expect(teamsOfTitle('GP de São Paulo')).toBeUndefined();
  });
});
