import type { AppContext } from '../../platform/context';
import { AppError } from '../../infra/http/errors';
import { BUILDER_MIN_LEGS, builderOddsMilli } from '../../../domain/sports/builder';
import type { LegSpec, MarketKey } from '../../../domain/sports/markets';
import { gameUnavailable, openOutcome, optionClosed, type CheckedLeg } from './offer';
import type { Sports } from './sports.module';

/**
 * Criar Aposta on the server (domain/sports/builder.ts, decision 87): the selections are checked
 * against the book now, their joint chance comes from the feed's model, and the price is that
 * chance with the builder's margin. Before kick-off only: a builder in play would need its joint
 * chance held through the live delay, which no feed message describes.
 */

const REFUSALS = {
  market: 'sportsBuilderMarket',
  contradictory: 'sportsBuilderContradictory',
  periods: 'sportsBuilderPeriods',
} as const;

export interface BuilderPrice {
  legs: CheckedLeg[];
  /** The builder's price, thousandths. */
  oddsMilli: number;
  /** The margin the price carries (the builder's, plus the competition tier's points). */
  margin: number;
}

/** A builder's selections as settlement reads them (pre-match: nothing counted at placement). */
export const builderSpecs = (legs: ReadonlyArray<{ key: MarketKey; outcomeId: string }>): LegSpec[] =>
  legs.map((l) => ({ ...l.key, outcome: l.outcomeId, scoreAtPlacement: null }));

/** The price of a builder of `selections` on one fixture now, or the refusal that says why not. */
export function priceBuilder(
  ctx: AppContext,
  sports: Sports,
  fixtureId: string,
  selections: ReadonlyArray<{ marketId: string; outcomeId: string }>,
  now: number,
): BuilderPrice {
  const cfg = ctx.config.file.sports;
  const { maxLegs } = cfg.builder;
  // One selection per market: two of one market either contradict or repeat each other.
  if (
    selections.length < BUILDER_MIN_LEGS ||
    selections.length > maxLegs ||
    new Set(selections.map((s) => s.marketId)).size !== selections.length
  ) {
    throw new AppError(409, 'sportsBuilderLegs', { max: maxLegs });
  }
  const snap = sports.feed.snapshot(fixtureId, now);
  if (!snap) throw gameUnavailable();
  if (snap.state.phase !== 'pre' || now >= snap.startsAt) throw gameUnavailable();
  const legs: CheckedLeg[] = selections.map((s) => {
    const open = openOutcome(snap, s.marketId, s.outcomeId, now);
    return { snap, market: open.market, outcomeId: s.outcomeId, oddsMilli: open.oddsMilli, live: false };
  });
  const joint = sports.feed.builderChance(
    fixtureId,
    builderSpecs(legs.map((l) => ({ key: l.market.key, outcomeId: l.outcomeId }))),
    now,
  );
  if (!joint) throw gameUnavailable();
  if (!joint.ok) throw new AppError(409, REFUSALS[joint.reason]);
  const margin = cfg.builder.margin + cfg.margins.tiers[`${snap.tier}`];
  const priced = builderOddsMilli(joint.chance, margin);
  // So likely that no price above 1.01 carries the margin: nothing to sell.
  if (priced === null) throw optionClosed();
  // Never above the book's own price for the same results (an attack bought the book's longshots
  // cheaper through the builder): a leg that implies the others (Placar Exato 4-4 with a draw is
  // Placar Exato 4-4), or the listed selection the legs amount to.
  const listed = joint.sameAs.map(
    (same) =>
      snap.markets
        .find((m) => m.id === same.marketId)
        ?.outcomes.find((o) => o.id === same.outcomeId && o.active)?.oddsMilli ?? Infinity,
  );
  const oddsMilli = Math.min(priced, ...listed);
  return { legs, oddsMilli, margin };
}
