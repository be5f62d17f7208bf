import { assign, fromPromise, not, setup } from 'xstate';
import { amountInputCents as amountCents, normaliseAmountInput } from '../lib/format';
import { keyAfterFailure, keyForAction, type ActionKey } from '../services/idempotency';
import {
  sendTransferCode,
  transfer,
  type TransferRequest,
  type TransferResult,
} from '../services/wallet-api';

/**
 * A transfer to another player (payments.md): the amount, the recipient's username (their e-mail)
 * and the 6-digit code e-mailed to the sender. Sending a code and sending the transfer are
 * independent, so the two run as parallel regions; a new code can be asked for after a minute.
 */

/** How long the send-code button waits before a new code can be asked for. */
export const RESEND_AFTER_MS = 60_000;

export interface TransferInput {
  /** Cash balance (BRL): the amount field never goes above it. */
  balance: number;
}

export interface TransferContext {
  balance: number;
  username: string;
  amount: string;
  code: string;
  /** When the last code was mailed (ms since the epoch), for the resend countdown. */
  codeSentAt: number | null;
  actionKey: ActionKey | null;
}

export type TransferEvent =
  | { type: 'player.changeUsername'; username: string }
  | { type: 'player.changeAmount'; amount: string }
  | { type: 'player.changeCode'; code: string }
  | { type: 'player.sendCode' }
  | { type: 'player.submit' }
  | { type: 'session.balanceChanged'; balance: number };

/** Spec 5's transfer messages, then the outcomes. */
export type TransferNotice =
  | { kind: 'enterAmount' }
  | { kind: 'enterRecipient' }
  | { kind: 'enterCode' }
  | { kind: 'codeSent'; message: string }
  | { kind: 'done'; amount: number; to: string };

const CODE = /^\d{6}$/;

/** The request for the current fields (the key is added separately). */
export function transferRequest(context: TransferContext): TransferRequest {
  return {
    username: context.username.trim().toLowerCase(),
    amount: (amountCents(context.amount) ?? 0) / 100,
    code: context.code.trim(),
  };
}

export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as TransferContext,
    events: {} as TransferEvent,
  },
  actors: {
    sendCode: fromPromise<string>(() => sendTransferCode()),
    transfer: fromPromise<TransferResult, { request: TransferRequest; idempotencyKey: string }>(({ input }) =>
      transfer(input.request, input.idempotencyKey),
    ),
    /** Loads the balances again after a transfer; the shell provides the session's refresh. */
    refreshBalance: fromPromise<void>(async () => undefined),
  },
  delays: {
    resendAfter: RESEND_AFTER_MS,
  },
  guards: {
    hasAmount: ({ context }) => (amountCents(context.amount) ?? 0) > 0,
    hasRecipient: ({ context }) => context.username.trim() !== '',
    hasCode: ({ context }) => CODE.test(context.code.trim()),
  },
  actions: {
    /** Tells the player something; the view provides the toast. */
    notify: (_, _params: TransferNotice) => undefined,
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    balance: input.balance,
    username: '',
    amount: '',
    code: '',
    codeSentAt: null,
    actionKey: null,
  }),
  type: 'parallel',
  on: {
    'player.changeUsername': {
      actions: assign({ username: ({ event }) => event.username.trim().toLowerCase() }),
    },
    'player.changeAmount': {
      actions: assign({
        amount: ({ context, event }) => normaliseAmountInput(event.amount, context.balance),
      }),
    },
    'player.changeCode': {
      actions: assign({ code: ({ event }) => event.code.replace(/\D/g, '').slice(0, 6) }),
    },
    'session.balanceChanged': {
      actions: assign(({ context, event }) => ({
        balance: event.balance,
        amount: normaliseAmountInput(context.amount, event.balance),
      })),
    },
  },
  states: {
    code: {
      initial: 'ready',
      states: {
        ready: { on: { 'player.sendCode': { target: 'sending' } } },
        sending: {
          invoke: {
            src: 'sendCode',
            onDone: {
              target: 'coolingDown',
              actions: [
                assign({ codeSentAt: () => Date.now() }),
                { type: 'notify', params: ({ event }) => ({ kind: 'codeSent', message: event.output }) },
              ],
            },
            onError: { target: 'ready' },
          },
        },
        coolingDown: {
          description: 'A code was just mailed; another one can be asked for after a minute.',
          after: { resendAfter: 'ready' },
        },
      },
    },
    form: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'player.submit': [
              { guard: not('hasAmount'), actions: { type: 'notify', params: { kind: 'enterAmount' } } },
              { guard: not('hasRecipient'), actions: { type: 'notify', params: { kind: 'enterRecipient' } } },
              { guard: not('hasCode'), actions: { type: 'notify', params: { kind: 'enterCode' } } },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          entry: assign({
            actionKey: ({ context }) =>
              keyForAction(context.actionKey, JSON.stringify(transferRequest(context))),
          }),
          invoke: {
            src: 'transfer',
            input: ({ context }) => ({
              request: transferRequest(context),
              idempotencyKey: context.actionKey?.key ?? '',
            }),
            onDone: {
              target: 'refreshing',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({ kind: 'done', amount: event.output.amount, to: event.output.to }),
                },
                assign({ amount: '', code: '', username: '', actionKey: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({
                actionKey: ({ context, event }) => keyAfterFailure(context.actionKey, event.error),
              }),
            },
          },
        },
        refreshing: {
          invoke: {
            src: 'refreshBalance',
            onDone: { target: 'idle' },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
