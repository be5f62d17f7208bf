import { assign, fromCallback, setup, type EventObject } from 'xstate';

/**
 * The countdown of a first- or second-deposit offer (spec 3, 4 and 9; payments.md). It runs for
 * `fcCountdown` seconds × 1000 ms — the offer panel and the floating button share this one
 * countdown, which settles the specification's ×100 on the button — and when it ends the offer is
 * cleared. The end is measured against the clock, not by counting ticks, so a tab the browser
 * throttled in the background still closes the offer on time.
 */

/** `paypackage` keys: FPDATA is the first-deposit offer, FCDATA the second. */
export type OfferKind = 'FPDATA' | 'FCDATA';

/** Spec 9: `fcCountdown` is in seconds; the countdown runs in milliseconds. */
export const COUNTDOWN_UNIT_MS = 1000;
/** How often the remaining time is updated on screen. */
export const TICK_MS = 1000;

export interface OfferCountdownInput {
  kind: OfferKind;
  /** `fcCountdown`: seconds left when the user info was read. */
  seconds: number;
  /** The time the seconds were read at (ms since the epoch). */
  now: number;
}

export interface OfferCountdownContext {
  kind: OfferKind;
  endsAt: number;
  remainingMs: number;
}

export type OfferCountdownEvent = { type: 'clock.tick'; now: number };

export const offerCountdownMachine = setup({
  types: {
    input: {} as OfferCountdownInput,
    context: {} as OfferCountdownContext,
    events: {} as OfferCountdownEvent,
  },
  actors: {
    /** Sends `clock.tick` with the current time every second. */
    clock: fromCallback<EventObject>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    hasNoTimeLeft: ({ context }) => context.remainingMs <= 0,
    isOverAt: ({ context }, params: { now: number }) => params.now >= context.endsAt,
  },
  actions: {
    /** Clears the ended offer; the shell closes it in the session and its panel. */
    clearOffer: (_, _params: { kind: OfferKind }) => undefined,
  },
}).createMachine({
  id: 'offerCountdown',
  context: ({ input }) => {
    const remainingMs = Math.max(0, input.seconds * COUNTDOWN_UNIT_MS);
    return { kind: input.kind, endsAt: input.now + remainingMs, remainingMs };
  },
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'hasNoTimeLeft', target: 'ended' },
      invoke: { src: 'clock' },
      on: {
        'clock.tick': [
          {
            guard: { type: 'isOverAt', params: ({ event }) => ({ now: event.now }) },
            target: 'ended',
            actions: assign({ remainingMs: 0 }),
          },
          { actions: assign({ remainingMs: ({ context, event }) => context.endsAt - event.now }) },
        ],
      },
    },
    ended: {
      type: 'final',
      description: 'Spec 4: the countdown finishing clears the offer.',
      entry: { type: 'clearOffer', params: ({ context }) => ({ kind: context.kind }) },
    },
  },
});
