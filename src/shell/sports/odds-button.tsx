import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fixtureTitle, formatLine } from '../../../domain/sports/labels';
import type { SlipSelection } from '../../machines/sports/bet-slip.machine';
import type { SportsFixture, SportsMarket, SportsOutcome } from '../../services/sports-api';
import { togglePick, usePicked } from './slip-picks';
import { useMarketNames, type MarketNamer } from './market-names';
import { formatOdds } from './sports-format';

/** How long a moved price stays coloured. */
export const PRICE_FLASH_MS = 1_600;

/** The direction a value moved since the last render, held for PRICE_FLASH_MS. */
function usePriceFlash(odds: number | null): 'up' | 'down' | null {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = odds;
    if (before === null || odds === null || before === odds) return;
    setFlash(odds > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash;
}

/** A small padlock: the price is not open for betting now. */
function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" fill="currentColor">
      <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

/** The slip's selection for an outcome of a market. */
export function selectionOf(
  fixture: Pick<SportsFixture, 'id' | 'sport' | 'home' | 'away' | 'live'>,
  market: SportsMarket,
  outcome: SportsOutcome,
  names: MarketNamer,
): Omit<SlipSelection, 'moved' | 'available'> {
  return {
    fixtureId: fixture.id,
    fixture: fixtureTitle(fixture),
    marketId: market.id,
    // In the player's language when it is picked: the slip shows them as they were then.
    market: names.market(market, fixture.sport, fixture),
    outcomeId: outcome.id,
    outcome: names.outcome(market.id, outcome),
    odds: outcome.odds ?? 0,
    live: fixture.live,
  };
}

/**
 * The label of a side of a line market: the team, which may be cut short, and its line, which
 * never is ("Athletico Para… -0,75"); null for other selections.
 */
function sideWithLine(
  fixture: Pick<SportsFixture, 'home' | 'away'>,
  market: SportsMarket,
  outcome: SportsOutcome,
): ReactNode {
  if (market.line === null || (outcome.id !== 'home' && outcome.id !== 'away')) return null;
  // A market's line is the home side's; the away side carries its opposite.
  const line = formatLine(outcome.id === 'home' ? market.line : -market.line, true);
  return (
    <>
      <span className="odds__team">{fixture[outcome.id]}</span>
      <span className="odds__line">{line}</span>
    </>
  );
}

/**
 * One price: the selection's label and odds, a tap puts it on (or takes it off) the slip, or the
 * Criar Aposta in its mode.
 * A moved price flashes green (up) or red (down); a suspended one is locked.
 */
export function OddsButton({
  fixture,
  market,
  outcome,
  label,
  suspended = false,
  builder,
}: {
  fixture: Pick<SportsFixture, 'id' | 'sport' | 'home' | 'away' | 'live'>;
  market: SportsMarket;
  outcome: SportsOutcome;
  /** Shorter text than the outcome's name (e.g. "1", "X", "2" in a list). */
  label?: string;
  suspended?: boolean;
  /** Criar Aposta mode: the tap goes to the builder, which says whether this price is in it. */
  builder?: { picked: boolean; onPick: () => void };
}) {
  const names = useMarketNames();
  const onSlip = usePicked({ fixtureId: fixture.id, marketId: market.id, outcomeId: outcome.id });
  const selected = builder ? builder.picked : onSlip;
  const flash = usePriceFlash(outcome.odds);
  const locked = suspended || market.status !== 1 || !outcome.active || outcome.odds === null;
  const classes = [
    'odds',
    selected ? 'odds--selected' : '',
    flash ? `odds--${flash}` : '',
    locked ? 'odds--locked' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={selected}
      disabled={locked}
      onClick={() => (builder ? builder.onPick() : togglePick(selectionOf(fixture, market, outcome, names)))}
      data-testid="odds-button"
      title={label === undefined ? undefined : names.outcome(market.id, outcome)}
      data-outcome={outcome.id}
      data-market={market.id}
    >
      <span className="odds__label">
        {label ?? sideWithLine(fixture, market, outcome) ?? names.outcome(market.id, outcome)}
      </span>
      <span className="odds__price" data-testid="odds-price">
        {locked ? <LockIcon /> : formatOdds(outcome.odds!)}
        {flash && !locked ? <span aria-hidden="true">{flash === 'up' ? ' ▲' : ' ▼'}</span> : null}
      </span>
    </button>
  );
}
