import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/lib/i18n';
import type { SportsFixtureDetail, SportsMarket } from '../../../src/services/sports-api';
import { groupMarkets } from '../../../src/shell/sports/fixture-page';
import {
  formatCombinedOdds,
  formatKickoff,
  formatOdds,
  periodLabel,
  resultLabel,
  resultTone,
} from '../../../src/shell/sports/sports-format';
import { advanceClock } from '../../../src/shell/sports/use-running-clock';
import { mergeListOdds, mergeOdds, mergeState } from '../../../src/shell/sports/use-sports-data';

function market(id: string, group: string, status = 1): SportsMarket {
  return {
    id,
    type: id.split(':')[0]!,
    period: 'full',
    line: null,
    status,
    name: group,
    group,
    outcomes: [
      { id: 'home', name: 'A', odds: 2, active: true },
      { id: 'away', name: 'B', odds: 1.8, active: true },
    ],
  };
}

const fixture: SportsFixtureDetail = {
  id: 'f1',
  sport: 'football',
  competition: 'Brasileirão Série A',
  home: 'A',
  away: 'B',
  startsAt: '2026-11-22T20:00:00.000Z',
  live: true,
  periodCode: 1,
  clock: '12:00',
  score: { home: 0, away: 0 },
  suspended: false,
  main: null,
  stats: { corners: { home: 1, away: 0 } },
  markets: [
    market('match_winner:full', 'Resultado Final'),
    market('asian_handicap:full:-0.5', 'Handicap Asiático'),
    market('asian_handicap:full:-0.25', 'Handicap Asiático'),
    market('totals:full:2.5', 'Total de Gols (Mais/Menos)', -3),
  ],
};

describe('sportsbook page helpers', () => {
  it('groups markets by their pt-BR group in the server’s order and drops settled ones', () => {
    const groups = groupMarkets(fixture.markets);
    expect(groups.map((g) => [g.group, g.markets.length])).toEqual([
      ['Resultado Final', 1],
      ['Handicap Asiático', 2],
    ]);
  });

  it('applies odds pushes (prices, status, bet stop) and state pushes to a fixture', () => {
    const moved = mergeOdds(fixture, {
      fixtureId: 'f1',
      markets: [
        { id: 'match_winner:full', status: -1, outcomes: [{ id: 'home', odds: 2.2, active: false }] },
      ],
    });
    expect(moved.markets[0]!.status).toBe(-1);
    expect(moved.markets[0]!.outcomes[0]).toMatchObject({ odds: 2.2, active: false });
    expect(moved.markets[0]!.outcomes[1]!.odds).toBe(1.8);
    // A market that lists only what can still win (Placar em Sets) drops a selection the push
    // leaves out; a two-way market keeps it with its last price.
    const sets = {
      ...market('set_score:full', 'Placar em Sets'),
      outcomes: ['2-0', '2-1', '1-2', '0-2'].map((id) => ({ id, name: id, odds: 4, active: true })),
    };
    const afterSet = mergeOdds(
      { ...fixture, markets: [sets] },
      {
        fixtureId: 'f1',
        markets: [
          {
            id: 'set_score:full',
            status: 1,
            outcomes: [
              { id: '2-1', odds: 2.5, active: true },
              { id: '1-2', odds: 3.1, active: true },
              { id: '0-2', odds: 5, active: true },
            ],
          },
        ],
      },
    );
    expect(afterSet.markets[0]!.outcomes.map((o) => [o.id, o.odds])).toEqual([
      ['2-1', 2.5],
      ['1-2', 3.1],
      ['0-2', 5],
    ]);
    // So does Método de Vitória once the last round's stoppages are out.
    const method = {
      ...market('method:full', 'Método de Vitória'),
      outcomes: ['home_stoppage', 'home_points', 'draw'].map((id) => ({
        id,
        name: id,
        odds: 3,
        active: true,
      })),
    };
    const afterBell = mergeOdds(
      { ...fixture, markets: [method] },
      {
        fixtureId: 'f1',
        markets: [
          {
            id: 'method:full',
            status: 1,
            outcomes: [
              { id: 'home_points', odds: 1.5, active: true },
              { id: 'draw', odds: 9, active: true },
            ],
          },
        ],
      },
    );
    expect(afterBell.markets[0]!.outcomes.map((o) => o.id)).toEqual(['home_points', 'draw']);
    expect(mergeOdds(fixture, { fixtureId: 'f1', suspended: true }).suspended).toBe(true);
    const later = mergeState(fixture, {
      fixtureId: 'f1',
      periodCode: 3,
      clock: '61:10',
      score: { home: 1, away: 0 },
    });
    expect(later).toMatchObject({ periodCode: 3, clock: '61:10', score: { home: 1, away: 0 } });
    expect(later.stats).toEqual(fixture.stats);
  });

  it("reads a múltipla's combined odds as the server keeps them: cut to two decimals, never rounded up", () => {
    // 2.03 × 2.47 × 2.52 = 12.635532; the slip's summary and the placement's answer carry 12.635,
    // Minhas apostas 12.63: all three read 12,63 (the slip and its receipt showed 12,64).
    expect(formatCombinedOdds(12.635)).toBe('12,63');
    expect(formatCombinedOdds(12.63)).toBe('12,63');
    expect(formatCombinedOdds(2.03 * 2.47)).toBe('5,01');
    expect(formatCombinedOdds(4.8)).toBe('4,80');
  });

  it('reads odds, periods and result codes in pt-BR', () => {
    expect(formatOdds(1.5)).toBe('1,50');
    expect(periodLabel(2)).toBe('Intervalo');
    expect(periodLabel(1003)).toBe('3º Quarto');
    expect(resultLabel(21)).toBe('Meio ganho');
    expect(resultLabel(-11)).toBe('Recusada');
    expect(resultTone(10)).toBe('green');
    expect(resultTone(20)).toBe('danger');
    expect(resultTone(90)).toBe('muted');
  });

  it("reads periods and result codes in the player's language (they stayed Portuguese in English)", async () => {
    await setLanguage('en_US');
    try {
      expect(periodLabel(0)).toBe('Not started');
      expect(periodLabel(2)).toBe('Half-time');
      expect(periodLabel(1003, 'basketball')).toBe('3rd quarter');
      expect(periodLabel(3, 'cricket')).toBe('2nd innings');
      expect(periodLabel(1, 'tennis')).toBe('');
      expect(resultLabel(-11)).toBe('Refused');
      expect(resultLabel(12345)).toBe('Under review');
    } finally {
      await setLanguage('pt_BR');
    }
  });

  it('says today and tomorrow for near kick-offs', () => {
    const now = new Date(2026, 10, 22, 10, 0);
    expect(formatKickoff(new Date(2026, 10, 22, 18, 30).toISOString(), now)).toEqual({
      day: 'today',
      time: '18:30',
    });
    expect(formatKickoff(new Date(2026, 10, 23, 9, 5).toISOString(), now).day).toBe('tomorrow');
    expect(formatKickoff(new Date(2026, 10, 25, 9, 5).toISOString(), now).day).toBe('25/11');
  });

  it("writes a kick-off in the reader's language: no bare US month/day in English", () => {
    const now = new Date(2026, 10, 22, 10, 0);
    const later = new Date(2026, 11, 6, 21, 5).toISOString();
    expect(formatKickoff(later, now, 'en-US')).toEqual({ day: 'Dec 6', time: '9:05 PM' });
    expect(formatKickoff(later, now, 'pt-BR')).toEqual({ day: '06/12', time: '21:05' });
  });

  it('runs a football clock on between updates and leaves other clocks alone', () => {
    expect(advanceClock('44:58', 3)).toBe('45:01');
    expect(advanceClock('09:00', 0.9)).toBe('09:00');
    expect(advanceClock('90:00', 75)).toBe('91:15');
    expect(advanceClock('3º set', 10)).toBe('3º set');
  });

  it('moves a listed fixture’s main prices with a push and leaves other markets’ pushes alone', () => {
    const listed = { ...fixture, main: fixture.markets[0]! };
    const moved = mergeListOdds(listed, {
      fixtureId: 'f1',
      markets: [
        { id: 'match_winner:full', status: 1, outcomes: [{ id: 'away', odds: 1.7, active: true }] },
        { id: 'totals:full:2.5', status: -1, outcomes: [] },
      ],
    });
    expect(moved.main!.outcomes.map((o) => o.odds)).toEqual([2, 1.7]);
    expect(mergeListOdds(listed, { fixtureId: 'f1', suspended: true }).suspended).toBe(true);
  });
});
