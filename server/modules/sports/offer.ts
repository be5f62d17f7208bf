import { AppError } from '../../infra/http/errors';
import type { FeedMarket, FixtureSnapshot } from './feed';

/** What the book offers now, as a bet placed against it sees it (betting, Criar Aposta). */

export const optionClosed = () => new AppError(409, 'sportsOptionClosed');
export const gameUnavailable = () => new AppError(409, 'sportsGameUnavailable');

/** A leg checked against the feed now: its fixture, market, selection and price. */
export interface CheckedLeg {
  snap: FixtureSnapshot;
  market: FeedMarket;
  outcomeId: string;
  oddsMilli: number;
  live: boolean;
}

/** The open outcome a leg points at now, or the refusal the specification names. */
export function openOutcome(snap: FixtureSnapshot, marketId: string, outcomeId: string, now: number) {
  // Pre-match betting closes at the start by the server clock; after it only the live book sells.
  const preMatch = snap.state.phase === 'pre' && now < snap.startsAt;
  if (!preMatch && snap.state.phase !== 'live') throw gameUnavailable();
  const market = snap.markets.find((m) => m.id === marketId);
  const outcome = market?.outcomes.find((o) => o.id === outcomeId);
  if (!market || market.status !== 1 || !outcome?.active || outcome.oddsMilli === null) throw optionClosed();
  return { market, oddsMilli: outcome.oddsMilli, live: !preMatch };
}
