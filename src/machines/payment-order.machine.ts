import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { OrderStatus } from '../../domain/codes';
import { onSocketEvent } from '../services/socket';
import { fetchOrderStatus } from '../services/wallet-api';

/**
 * One payment order while the player pays it (spec 4). The order is settled by whichever comes
 * first: the socket's `paySuccess` for this order, a background `getStatus` poll, or the player's
 * own check from the wait overlay ('Concluir recarga'). Status semantics are the specification's:
 * 10 paid; 01 or −01 cancelled; anything else still paying. Only the player's check answers
 * "still paying" out loud ('Recarregado'); the polls stay silent and simply look again later.
 */

/** How the order ended; the deposit machine reacts to it. */
export type PaymentOutcome = { result: 'paid'; via: 'status' | 'socket' } | { result: 'cancelled' };

/** What the machine asks the view to say. */
export type PaymentNotice = 'recharged';

export interface PaymentOrderInput {
  orderId: string;
}

export interface PaymentOrderContext {
  orderId: string;
  /** The last status code seen (spec 4: a pending check sets it to 00). */
  status: string;
  outcome: PaymentOutcome | null;
}

export type PaymentOrderEvent = { type: 'player.check' } | { type: 'server.paySuccess' };

/** How often the order is looked at while the player pays (the webhook usually beats it). */
export const STATUS_POLL_MS = 3000;

const isPaidStatus = (status: string) => status === OrderStatus.paid;
const isCancelledStatus = (status: string) =>
  status === OrderStatus.cancelled || status === OrderStatus.cancelledAlt;

export const paymentOrderMachine = setup({
  types: {
    input: {} as PaymentOrderInput,
    context: {} as PaymentOrderContext,
    events: {} as PaymentOrderEvent,
    output: {} as PaymentOutcome,
  },
  actors: {
    getStatus: fromPromise<string, { orderId: string; quiet: boolean }>(({ input }) =>
      fetchOrderStatus(input.orderId, { quiet: input.quiet }),
    ),
    /** The socket's `paySuccess` for this order, as `server.paySuccess`. */
    paySuccessEvents: fromCallback<EventObject, { orderId: string }>(({ sendBack, input }) =>
      onSocketEvent('paySuccess', (payload) => {
        if (String(payload.orderId) === input.orderId) sendBack({ type: 'server.paySuccess' });
      }),
    ),
  },
  delays: {
    pollInterval: STATUS_POLL_MS,
  },
  guards: {
    isPaid: (_, params: { status: string }) => isPaidStatus(params.status),
    isCancelled: (_, params: { status: string }) => isCancelledStatus(params.status),
  },
  actions: {
    /** Shows a short message; the view provides the toast. */
    notify: (_, _params: { message: PaymentNotice }) => undefined,
  },
}).createMachine({
  id: 'paymentOrder',
  context: ({ input }) => ({ orderId: input.orderId, status: OrderStatus.paying, outcome: null }),
  initial: 'watching',
  output: ({ context }) => context.outcome ?? { result: 'cancelled' },
  states: {
    watching: {
      description: 'The player is paying; the socket listens for the whole time.',
      invoke: { src: 'paySuccessEvents', input: ({ context }) => ({ orderId: context.orderId }) },
      on: {
        'server.paySuccess': {
          target: 'paid',
          description: 'Spec 4: the payment-success event settles the order at once.',
          actions: assign({ status: OrderStatus.paid, outcome: { result: 'paid', via: 'socket' } }),
        },
        'player.check': { target: '.checking', description: "The wait overlay's 'Concluir recarga'." },
      },
      initial: 'idle',
      states: {
        idle: {
          after: { pollInterval: 'polling' },
        },
        polling: {
          invoke: {
            src: 'getStatus',
            input: ({ context }) => ({ orderId: context.orderId, quiet: true }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ status: event.output }) },
                target: '#paymentOrder.paid',
                actions: assign({
                  status: ({ event }) => event.output,
                  outcome: { result: 'paid', via: 'status' },
                }),
              },
              {
                guard: { type: 'isCancelled', params: ({ event }) => ({ status: event.output }) },
                target: '#paymentOrder.cancelled',
                actions: assign({ status: ({ event }) => event.output, outcome: { result: 'cancelled' } }),
              },
              { target: 'idle', actions: assign({ status: ({ event }) => event.output }) },
            ],
            onError: { target: 'idle', description: 'A failed poll is tried again at the next tick.' },
          },
        },
        checking: {
          invoke: {
            src: 'getStatus',
            input: ({ context }) => ({ orderId: context.orderId, quiet: false }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ status: event.output }) },
                target: '#paymentOrder.paid',
                actions: assign({
                  status: ({ event }) => event.output,
                  outcome: { result: 'paid', via: 'status' },
                }),
              },
              {
                guard: { type: 'isCancelled', params: ({ event }) => ({ status: event.output }) },
                target: '#paymentOrder.cancelled',
                actions: assign({ status: ({ event }) => event.output, outcome: { result: 'cancelled' } }),
              },
              {
                target: 'idle',
                description:
                  "Spec 4: any other status sets the order as waiting (00) and shows 'Recarregado'.",
                actions: [
                  assign({ status: OrderStatus.paying }),
                  { type: 'notify', params: { message: 'recharged' } },
                ],
              },
            ],
            onError: { target: 'idle', description: 'The API client has told the player why.' },
          },
        },
      },
    },
    paid: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
