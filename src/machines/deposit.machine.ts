import { assign, fromPromise, not, sendTo, setup } from 'xstate';
import { CUSTOM_PACKAGE, type PrePayResult, type PriceItem } from '../../domain/schemas/wallet.schema';
import { keyAfterFailure, keyForAction, type ActionKey } from '../services/idempotency';
import { fetchPrices, prePay, type DepositVariant, type PrePayRequest } from '../services/wallet-api';
import { paymentOrderMachine, type PaymentOutcome } from './payment-order.machine';

/**
 * A PIX deposit (spec 4 and 5): pick a plan → confirm → confirm-to-pay → prepay → payment frame →
 * wait overlay ('Concluir recarga' / 'Cancelar recarga'). The same machine drives the wallet's
 * deposit tab, the first/second-deposit offers and the low-balance game plan; only the package
 * variant differs. While the player pays, an invoked `paymentOrder` settles the order.
 *
 * KYC gate: a player whose identity is not verified is sent to the identity form when they
 * confirm (not when the panel opens, so the offer shown right after registration can be read
 * first). The view remembers the chosen plan and, once the form is sent, starts this machine
 * again with it as `resume`, which goes straight to confirm-to-pay.
 */

/** Spec 9: the package of R$ 100 is selected when the list arrives. */
export const DEFAULT_PRICE = 100;
/** Spec 7: only the first four packages of a list are shown. */
export const VISIBLE_PACKAGES = 4;

/** The plan the player chose, kept across the identity form. */
export interface DepositSelection {
  pkgId: string;
  wantsGift: boolean;
  /** The player's own amount, when `pkgId` is CUSTOM_PACKAGE. */
  amount?: number | null;
}

export interface DepositInput {
  variant: DepositVariant;
  kycVerified: boolean;
  isApp: boolean;
  /** A selection to continue with after the identity form. */
  resume?: DepositSelection | null;
}

export interface DepositContext {
  variant: DepositVariant;
  kycVerified: boolean;
  isApp: boolean;
  resume: DepositSelection | null;
  packages: PriceItem[];
  pkgId: string | null;
  /** The amount typed in "Outro valor" (BRL), when `pkgId` is CUSTOM_PACKAGE. */
  customAmount: number | null;
  /** Whether the player takes the package's bonus (`gift` 1), when it has one. */
  wantsGift: boolean;
  order: PrePayResult | null;
  /** The key of the prepay being attempted; kept only while its outcome is unknown. */
  actionKey: ActionKey | null;
  /** When the last order was paid (ms since the epoch): spec 4 "sets the pay time". */
  paidAt: number | null;
}

export type DepositEvent =
  | { type: 'player.select'; pkgId: string }
  /** The player types an amount of their own (null while the field holds no amount). */
  | { type: 'player.custom'; amount: number | null }
  | { type: 'player.toggleGift'; wantsGift: boolean }
  | { type: 'player.confirm' }
  | { type: 'player.back' }
  | { type: 'player.pay' }
  | { type: 'player.closeFrame' }
  | { type: 'player.reopenFrame' }
  | { type: 'player.complete' }
  | { type: 'player.cancelRecharge' }
  | { type: 'player.retry' }
  | { type: 'session.kycChanged'; verified: boolean };

/** What the machine asks the view to say. */
export type DepositNotice = 'paid' | 'gamePaid' | 'orderCancelled';

/** The first four packages in the server's `sort` order. */
export function visiblePackages(list: readonly PriceItem[]): PriceItem[] {
  return [...list].sort((a, b) => a.sort - b.sort).slice(0, VISIBLE_PACKAGES);
}

/** The package to select first: the resumed one, else the R$ 100 one, else none. */
export function initialPackage(list: readonly PriceItem[], resume: DepositSelection | null): string | null {
  if (resume?.pkgId === CUSTOM_PACKAGE && resume.amount) return CUSTOM_PACKAGE;
  if (resume && list.some((p) => p.pkgId === resume.pkgId)) return resume.pkgId;
  return list.find((p) => p.price === DEFAULT_PRICE)?.pkgId ?? null;
}

/** The selected package, if it is still in the list, or the player's own amount. */
export function selectedPackage(
  context: Pick<DepositContext, 'packages' | 'pkgId'> & { customAmount?: number | null },
): PriceItem | undefined {
  if (context.pkgId === CUSTOM_PACKAGE) {
    return context.customAmount
      ? { pkgId: CUSTOM_PACKAGE, price: context.customAmount, gift: 0, sort: 0, curreny: 'BRL' }
      : undefined;
  }
  return context.packages.find((p) => p.pkgId === context.pkgId);
}

/** What prePay sends for the current selection (without the key). */
function prePayBody(context: DepositContext): Omit<PrePayRequest, 'idempotencyKey'> {
  const pkg = selectedPackage(context);
  return {
    pkgId: context.pkgId ?? '',
    gift: context.wantsGift && (pkg?.gift ?? 0) > 0,
    isApp: context.isApp,
    ...(context.pkgId === CUSTOM_PACKAGE && context.customAmount ? { amount: context.customAmount } : {}),
  };
}

export const depositMachine = setup({
  types: {
    input: {} as DepositInput,
    context: {} as DepositContext,
    events: {} as DepositEvent,
  },
  actors: {
    loadPrices: fromPromise<PriceItem[], { variant: DepositVariant }>(({ input }) =>
      fetchPrices(input.variant),
    ),
    prePay: fromPromise<PrePayResult, PrePayRequest>(({ input }) => prePay(input)),
    paymentOrder: paymentOrderMachine,
    /** Loads the user info again after a paid order; the shell provides the session's refresh. */
    refreshUser: fromPromise<void>(async () => undefined),
  },
  guards: {
    hasAmount: ({ context }) => (selectedPackage(context)?.price ?? 0) > 0,
    isKycVerified: ({ context }) => context.kycVerified,
    isResuming: ({ context }) =>
      context.resume !== null && context.kycVerified && (selectedPackage(context)?.price ?? 0) > 0,
    isGameDeposit: ({ context }) => context.variant === 'INSBRL',
    isPaidBy: (_, params: { outcome: PaymentOutcome; via: 'status' | 'socket' }) =>
      params.outcome.result === 'paid' && params.outcome.via === params.via,
  },
  actions: {
    /** Forgets the order being paid (spec 4: reset the order). */
    resetOrder: assign({ order: null, actionKey: null }),
    /** Spec 5: 'Por favor, selecione o montante de recarga' with 'Eu entendi'. */
    alertNoAmount: () => undefined,
    /** Opens the identity form, remembering the selection to come back to. */
    openKyc: (_, _params: DepositSelection) => undefined,
    /** Shows a short message; the view provides the toast. */
    notify: (_, _params: { message: DepositNotice }) => undefined,
    /** Keeps the paid order for the success page. */
    recordPayment: (_, _params: { order: PrePayResult | null; amount: number; paidAt: number }) => undefined,
    /** Closes the popup that holds this flow. */
    closePopup: () => undefined,
    /** Spec 4: after a successful deposit the player goes home. */
    goHome: () => undefined,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    variant: input.variant,
    kycVerified: input.kycVerified,
    isApp: input.isApp,
    resume: input.resume ?? null,
    packages: [],
    pkgId: null,
    customAmount: input.resume?.pkgId === CUSTOM_PACKAGE ? (input.resume.amount ?? null) : null,
    wantsGift: input.resume?.wantsGift ?? true,
    order: null,
    actionKey: null,
    paidAt: null,
  }),
  on: {
    'session.kycChanged': { actions: assign({ kycVerified: ({ event }) => event.verified }) },
  },
  initial: 'loadingPrices',
  states: {
    loadingPrices: {
      invoke: {
        src: 'loadPrices',
        input: ({ context }) => ({ variant: context.variant }),
        onDone: {
          target: 'ready',
          actions: assign(({ event, context }) => {
            const packages = visiblePackages(event.output);
            return { packages, pkgId: initialPackage(packages, context.resume) };
          }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: 'The packages could not be loaded; the API client has said why.',
      on: { 'player.retry': { target: 'loadingPrices' } },
    },
    ready: {
      always: [
        {
          guard: 'isResuming',
          target: 'confirming',
          description: 'Back from the identity form: continue where the player was.',
          actions: assign({ resume: null }),
        },
        { target: 'picking', actions: assign({ resume: null }) },
      ],
    },
    picking: {
      on: {
        'player.select': { actions: assign({ pkgId: ({ event }) => event.pkgId, customAmount: null }) },
        'player.custom': {
          actions: assign({ pkgId: CUSTOM_PACKAGE, customAmount: ({ event }) => event.amount }),
        },
        'player.toggleGift': { actions: assign({ wantsGift: ({ event }) => event.wantsGift }) },
        'player.confirm': [
          { guard: not('hasAmount'), actions: 'alertNoAmount' },
          {
            guard: not('isKycVerified'),
            target: 'awaitingKyc',
            description: 'Spec 4: without KYC the identity form comes first, then the deposit.',
          },
          { target: 'confirming' },
        ],
      },
    },
    awaitingKyc: {
      entry: {
        type: 'openKyc',
        params: ({ context }) => ({
          pkgId: context.pkgId ?? '',
          wantsGift: context.wantsGift,
          ...(context.pkgId === CUSTOM_PACKAGE ? { amount: context.customAmount } : {}),
        }),
      },
      always: {
        guard: 'isKycVerified',
        target: 'confirming',
        description: 'The identity was verified while this flow stayed open.',
      },
      on: { 'player.back': { target: 'picking' } },
    },
    confirming: {
      description: 'The confirm-to-pay overlay: amount, bonus and the 30-minute note.',
      on: {
        'player.back': { target: 'picking' },
        'player.pay': { target: 'prepaying' },
      },
    },
    prepaying: {
      entry: assign({
        actionKey: ({ context }) => keyForAction(context.actionKey, JSON.stringify(prePayBody(context))),
      }),
      invoke: {
        src: 'prePay',
        input: ({ context }) => ({ ...prePayBody(context), idempotencyKey: context.actionKey?.key ?? '' }),
        onDone: {
          target: 'payment',
          actions: assign({ order: ({ event }) => event.output, actionKey: null }),
        },
        onError: {
          target: 'picking',
          description:
            'The API client alerts the reason. The key survives only when the outcome is unknown, ' +
            'so confirming the same plan again cannot create a second order.',
          actions: assign({
            actionKey: ({ context, event }) => keyAfterFailure(context.actionKey, event.error),
          }),
        },
      },
    },
    payment: {
      invoke: {
        id: 'paymentOrder',
        src: 'paymentOrder',
        input: ({ context }) => ({ orderId: context.order?.orderId ?? '' }),
        onDone: [
          {
            guard: { type: 'isPaidBy', params: ({ event }) => ({ outcome: event.output, via: 'socket' }) },
            target: 'paid',
            description:
              "Spec 4, paySuccess: close the frame, 'sucesso', clear the panel, set the pay time, close the popup.",
          },
          {
            guard: { type: 'isPaidBy', params: ({ event }) => ({ outcome: event.output, via: 'status' }) },
            target: 'refreshingUser',
            description: 'Spec 4, status 10: refresh the user info, close, go home.',
          },
          {
            target: 'picking',
            description: 'Spec 4, status 01 / −01: reset the order and close the overlay.',
            actions: ['resetOrder', { type: 'notify', params: { message: 'orderCancelled' } }],
          },
        ],
      },
      initial: 'frame',
      states: {
        frame: {
          description: 'The PSP page in the full-screen payment frame.',
          on: { 'player.closeFrame': { target: 'waitOverlay' } },
        },
        waitOverlay: {
          description: "'Concluir recarga' asks for the status; 'Cancelar recarga' gives the order up.",
          on: {
            'player.reopenFrame': { target: 'frame' },
            'player.complete': { actions: sendTo('paymentOrder', { type: 'player.check' }) },
            'player.cancelRecharge': { target: '#deposit.picking', actions: 'resetOrder' },
          },
        },
      },
    },
    refreshingUser: {
      invoke: {
        src: 'refreshUser',
        onDone: { target: 'paid' },
        onError: { target: 'paid' },
      },
    },
    paid: {
      entry: [
        {
          type: 'recordPayment',
          params: ({ context }) => ({
            order: context.order,
            amount: selectedPackage(context)?.price ?? 0,
            paidAt: Date.now(),
          }),
        },
        assign({ paidAt: () => Date.now(), order: null, actionKey: null }),
      ],
      always: [
        {
          guard: 'isGameDeposit',
          target: 'done',
          description: 'The game plan keeps the player at the table.',
          actions: [{ type: 'notify', params: { message: 'gamePaid' } }, 'closePopup'],
        },
        {
          target: 'done',
          actions: [{ type: 'notify', params: { message: 'paid' } }, 'closePopup', 'goHome'],
        },
      ],
    },
    done: { type: 'final' },
  },
});
