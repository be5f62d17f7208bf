import { MatchTime } from '../../../domain/codes';
import { BUILDER_MARKET_TYPES } from '../../../domain/sports/market-types';
import type { SportsFixture, SportsMarket } from '../../services/sports-api';

/**
 * Which fixtures and markets Criar Aposta takes (docs/decisions.md 87), as the fixture page needs
 * to know before asking: football before kick-off, and the markets that are won or lost on every
 * result: the list the server's builder reads (domain/sports/market-types.ts), on half lines.
 */

/** Lines that refund a stake on a whole number (a push) or split it (a quarter line). */
const OVER_UNDER: readonly string[] = [
  'totals',
  'home_totals',
  'away_totals',
  'corners_totals',
  'cards_totals',
];

/** A half line (2,5): over or under is always won or lost. */
const isHalfLine = (line: number) => Number.isInteger(line * 2) && !Number.isInteger(line);

/** Whether a selection of this market can go into a Criar Aposta. */
export function builderTakes(market: Pick<SportsMarket, 'type' | 'line'>): boolean {
  if (!(BUILDER_MARKET_TYPES as readonly string[]).includes(market.type)) return false;
  if (OVER_UNDER.includes(market.type)) return market.line !== null && isHalfLine(market.line);
  return true;
}

/** Whether Criar Aposta is open on this fixture: football that has not started. */
export function builderOpen(fixture: Pick<SportsFixture, 'sport' | 'live' | 'periodCode'>): boolean {
  return fixture.sport === 'football' && !fixture.live && fixture.periodCode === MatchTime.notStarted;
}
