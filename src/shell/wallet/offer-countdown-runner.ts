import { createActor } from 'xstate';
import { offerCountdownMachine, type OfferKind } from '../../machines/offer-countdown.machine';

/**
 * Runs one offer's countdown actor. A module of its own so that XState is fetched only when a
 * player has an offer open: a visitor's first page never carries it.
 */
export function runOfferCountdown(
  offer: { kind: OfferKind; seconds: number },
  onTick: (state: { kind: OfferKind; remainingMs: number }) => void,
  onEnd: (kind: OfferKind) => void,
): () => void {
  const machine = offerCountdownMachine.provide({
    actions: { clearOffer: (_, params) => onEnd(params.kind) },
  });
  const actor = createActor(machine, { input: { ...offer, now: Date.now() } });
  actor.subscribe((snapshot) => {
    if (snapshot.status === 'active') {
      onTick({ kind: snapshot.context.kind, remainingMs: snapshot.context.remainingMs });
    }
  });
  actor.start();
  return () => actor.stop();
}
