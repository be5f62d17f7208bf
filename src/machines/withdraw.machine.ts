import { assign, fromPromise, not, setup } from 'xstate';
import { isValidCnpj, isValidCpf } from '../../domain/identity';
import { TRC20_ADDRESS, type WithdrawLimits, type WithdrawMethod } from '../../domain/schemas/wallet.schema';
import { amountInputCents as amountCents, normaliseAmountInput, plainBrl } from '../lib/format';
import { keyAfterFailure, keyForAction, type ActionKey } from '../services/idempotency';
import {
  fetchWithdrawLimits,
  requestWithdraw,
  type WithdrawPayload,
  type WithdrawResult,
} from '../services/wallet-api';

/**
 * A withdrawal (spec 5, payments.md): the limits come from `getWithdraw`; the player types an amount
 * (capped to the balance as it is typed) and picks CPF, CNPJ or USDT. On submit the checks run in the
 * specification's order with its texts — lock, none left today, nothing withdrawable, minimum,
 * maximum — exactly as the server runs them, so the player learns the problem without a round trip.
 * With the amount, the type and the account filled the request goes out; otherwise the account
 * overlay opens (holder name for CPF/CNPJ, account and WhatsApp required) and sends it when saved.
 */

/** The account the payout goes to, as the player edits it (one draft per type). */
export interface AccountDraft {
  payCardNo: string;
  name: string;
  whatsapp: string;
}

export interface WithdrawInput {
  /** Cash balance (BRL): the amount field never goes above it. */
  balance: number;
  /** The player's name, offered as the holder of a new CPF/CNPJ account. */
  holderName: string;
  /** The registered CPF, offered as a new CPF account's key (as the field shows it). */
  holderCpf?: string;
  /** The registered phone, offered as a new account's WhatsApp (as the field shows it). */
  holderPhone?: string;
}

export interface WithdrawContext {
  limits: WithdrawLimits | null;
  balance: number;
  holderName: string;
  holderCpf: string;
  holderPhone: string;
  /** The amount field as typed, pt-BR decimals ("60,50"). */
  amount: string;
  /** The field holds the balance because more was typed (spec 5 caps it): the form says so. */
  capped: boolean;
  method: WithdrawMethod;
  drafts: Record<WithdrawMethod, AccountDraft>;
  /** True when the account overlay was opened by a submit, so saving it sends the withdrawal. */
  submitAfterAccount: boolean;
  actionKey: ActionKey | null;
  result: WithdrawResult | null;
}

/**
 * The amount field as typed, capped to the balance (spec 5), and whether the cap cut it (the form
 * then says so). A balance that falls under the amount cuts it too.
 */
function capToBalance(typed: string, balance: number): { amount: string; capped: boolean } {
  const amount = normaliseAmountInput(typed, balance);
  return { amount, capped: amount !== normaliseAmountInput(typed) };
}

export type WithdrawEvent =
  | { type: 'player.changeAmount'; amount: string }
  | { type: 'player.useAll' }
  | { type: 'player.selectMethod'; method: WithdrawMethod }
  | { type: 'player.editAccount' }
  | { type: 'player.changeAccount'; field: keyof AccountDraft; value: string }
  | { type: 'player.saveAccount' }
  | { type: 'player.back' }
  | { type: 'player.submit' }
  | { type: 'player.retry' }
  | { type: 'session.balanceChanged'; balance: number };

/** What the machine asks the view to tell the player (section 5's checks first). */
export type WithdrawNotice =
  | { kind: 'locked' }
  | { kind: 'noneLeft' }
  | { kind: 'nothing' }
  | { kind: 'belowMin'; amount: string }
  | { kind: 'aboveMax'; amount: string }
  | { kind: 'accountRequired'; method: WithdrawMethod }
  | { kind: 'accountInvalid' }
  | { kind: 'nameRequired' }
  | { kind: 'whatsappRequired' }
  | { kind: 'done'; message: string };

const EMPTY_DRAFT: AccountDraft = { payCardNo: '', name: '', whatsapp: '' };

const toCents = (brl: number) => Math.round(brl * 100);

/** Spec 9 / payments.md: the USDT a withdrawal buys, after the 1 USDT network fee; never negative. */
export function usdtEstimate(amountBrl: number, usdtRate: number): number {
  if (!(usdtRate > 0) || !Number.isFinite(amountBrl)) return 0;
  return Math.max(0, amountBrl / usdtRate - 1);
}

/** The account number in the form the server stores: digits for CPF/CNPJ, the address for USDT. */
function accountKey(method: WithdrawMethod, payCardNo: string): string {
  return method === 'USDT' ? payCardNo.trim() : payCardNo.replace(/\D/g, '');
}

/** Whether the account number is a valid key of its type. */
export function isValidAccount(method: WithdrawMethod, payCardNo: string): boolean {
  const key = accountKey(method, payCardNo);
  if (method === 'CPF') return isValidCpf(key);
  if (method === 'CNPJ') return isValidCnpj(key);
  return TRC20_ADDRESS.test(key);
}

function currentDraft(context: WithdrawContext): AccountDraft {
  return context.drafts[context.method];
}

/** Spec 5: holder name (CPF/CNPJ), account and WhatsApp are all there. */
function isAccountComplete(method: WithdrawMethod, draft: AccountDraft): boolean {
  return (
    draft.payCardNo.trim() !== '' &&
    draft.whatsapp.trim() !== '' &&
    (method === 'USDT' || draft.name.trim() !== '')
  );
}

/** The request for the current state (spec 3: `ifsc` is the number for CPF/CNPJ, the rate for USDT). */
export function withdrawPayload(context: WithdrawContext): WithdrawPayload {
  const draft = currentDraft(context);
  const key = accountKey(context.method, draft.payCardNo);
  return {
    payCardBank: context.method,
    payCardNo: key,
    ifsc: context.method === 'USDT' ? String(context.limits?.usdtRate ?? '') : key,
    name: draft.name.trim(),
    amount: (amountCents(context.amount) ?? 0) / 100,
    whatsapp: draft.whatsapp.replace(/\D/g, ''),
  };
}

/**
 * Drafts for every type: the saved account when there is one, else one filled with what the
 * player already told us (name, the registered CPF for a CPF key, the phone for WhatsApp).
 */
function draftsFrom(
  limits: WithdrawLimits,
  holder: Pick<WithdrawContext, 'holderName' | 'holderCpf' | 'holderPhone'>,
): Record<WithdrawMethod, AccountDraft> {
  const draft = (method: WithdrawMethod): AccountDraft => {
    const saved = limits.cardInfo[method];
    if (saved) return { payCardNo: saved.payCardNo, name: saved.name, whatsapp: saved.whatsapp };
    return {
      payCardNo: method === 'CPF' ? holder.holderCpf : EMPTY_DRAFT.payCardNo,
      name: method === 'USDT' ? '' : holder.holderName,
      whatsapp: holder.holderPhone,
    };
  };
  return { CPF: draft('CPF'), CNPJ: draft('CNPJ'), USDT: draft('USDT') };
}

/** The type to start with: the first offered one that has a saved account, else the first offered. */
function initialMethod(limits: WithdrawLimits): WithdrawMethod {
  const channels = limits.cardInfo.CHANNEL;
  return channels.find((m) => limits.cardInfo[m]) ?? channels[0] ?? 'CPF';
}

export const withdrawMachine = setup({
  types: {
    input: {} as WithdrawInput,
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
  },
  actors: {
    loadLimits: fromPromise<WithdrawLimits>(() => fetchWithdrawLimits()),
    withdraw: fromPromise<WithdrawResult, { payload: WithdrawPayload; idempotencyKey: string }>(({ input }) =>
      requestWithdraw(input.payload, input.idempotencyKey),
    ),
    /** Loads the balances again after a withdrawal; the shell provides the session's refresh. */
    refreshBalance: fromPromise<void>(async () => undefined),
  },
  guards: {
    isLocked: ({ context }) => context.limits?.lock === true,
    hasNoWithdrawalsLeft: ({ context }) =>
      context.limits !== null && !context.limits.unlimited && context.limits.number <= 0,
    hasNothingToWithdraw: ({ context }) => (context.limits?.wdAmount ?? 0) <= 0,
    isBelowMinimum: ({ context }) => {
      const cents = amountCents(context.amount);
      return cents === null || cents <= 0 || cents < toCents(context.limits?.limitAmount ?? 0);
    },
    isAboveWithdrawable: ({ context }) =>
      (amountCents(context.amount) ?? 0) > toCents(context.limits?.wdAmount ?? 0),
    hasAccountDetails: ({ context }) => isAccountComplete(context.method, currentDraft(context)),
    hasAccountNumber: ({ context }) => currentDraft(context).payCardNo.trim() !== '',
    hasValidAccount: ({ context }) => isValidAccount(context.method, currentDraft(context).payCardNo),
    hasHolderName: ({ context }) => context.method === 'USDT' || currentDraft(context).name.trim() !== '',
    hasWhatsapp: ({ context }) => currentDraft(context).whatsapp.replace(/\D/g, '') !== '',
    isSubmitAfterAccount: ({ context }) => context.submitAfterAccount,
    isOfferedMethod: ({ context }, params: { method: WithdrawMethod }) =>
      context.limits?.cardInfo.CHANNEL.includes(params.method) ?? false,
  },
  actions: {
    /** Tells the player something; the view provides the alert or toast. */
    notify: (_, _params: WithdrawNotice) => undefined,
    /** Closes the popup that holds the form. */
    closePopup: () => undefined,
    /** Spec 4: after a successful withdrawal request the player goes home. */
    goHome: () => undefined,
  },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({
    limits: null,
    balance: input.balance,
    holderName: input.holderName,
    holderCpf: input.holderCpf ?? '',
    holderPhone: input.holderPhone ?? '',
    amount: '',
    capped: false,
    method: 'CPF',
    drafts: { CPF: { ...EMPTY_DRAFT }, CNPJ: { ...EMPTY_DRAFT }, USDT: { ...EMPTY_DRAFT } },
    submitAfterAccount: false,
    actionKey: null,
    result: null,
  }),
  on: {
    'session.balanceChanged': {
      actions: assign(({ context, event }) => ({
        balance: event.balance,
        ...capToBalance(context.amount, event.balance),
      })),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLimits',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            limits: event.output,
            method: initialMethod(event.output),
            drafts: draftsFrom(event.output, context),
          })),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'player.retry': { target: 'loading' } },
    },
    editing: {
      on: {
        'player.changeAmount': {
          description: 'Spec 5: the amount is capped to the balance automatically.',
          actions: assign(({ context, event }) => capToBalance(event.amount, context.balance)),
        },
        'player.useAll': {
          actions: assign({
            capped: false,
            amount: ({ context }) =>
              plainBrl(Math.max(0, Math.min(context.balance, context.limits?.wdAmount ?? 0))),
          }),
        },
        'player.selectMethod': {
          guard: { type: 'isOfferedMethod', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ method: ({ event }) => event.method }),
        },
        'player.editAccount': {
          target: 'account',
          actions: assign({ submitAfterAccount: false }),
        },
        'player.submit': [
          { guard: 'isLocked', actions: { type: 'notify', params: { kind: 'locked' } } },
          { guard: 'hasNoWithdrawalsLeft', actions: { type: 'notify', params: { kind: 'noneLeft' } } },
          { guard: 'hasNothingToWithdraw', actions: { type: 'notify', params: { kind: 'nothing' } } },
          {
            guard: 'isBelowMinimum',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'belowMin',
                amount: plainBrl(context.limits?.limitAmount ?? 0),
              }),
            },
          },
          {
            guard: 'isAboveWithdrawable',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'aboveMax',
                amount: plainBrl(context.limits?.wdAmount ?? 0),
              }),
            },
          },
          { guard: 'hasAccountDetails', target: 'submitting' },
          {
            target: 'account',
            description: 'Spec 5: without the account details the info overlay opens first.',
            actions: assign({ submitAfterAccount: true }),
          },
        ],
      },
    },
    account: {
      description: 'The info overlay: account number, holder name (CPF/CNPJ) and WhatsApp.',
      on: {
        'player.changeAccount': {
          actions: assign({
            drafts: ({ context, event }) => ({
              ...context.drafts,
              [context.method]: { ...context.drafts[context.method], [event.field]: event.value },
            }),
          }),
        },
        'player.back': { target: 'editing' },
        'player.saveAccount': [
          {
            guard: not('hasAccountNumber'),
            actions: {
              type: 'notify',
              params: ({ context }) => ({ kind: 'accountRequired', method: context.method }),
            },
          },
          { guard: not('hasValidAccount'), actions: { type: 'notify', params: { kind: 'accountInvalid' } } },
          { guard: not('hasHolderName'), actions: { type: 'notify', params: { kind: 'nameRequired' } } },
          { guard: not('hasWhatsapp'), actions: { type: 'notify', params: { kind: 'whatsappRequired' } } },
          { guard: 'isSubmitAfterAccount', target: 'submitting' },
          { target: 'editing' },
        ],
      },
    },
    submitting: {
      entry: assign({
        actionKey: ({ context }) => keyForAction(context.actionKey, JSON.stringify(withdrawPayload(context))),
      }),
      invoke: {
        src: 'withdraw',
        input: ({ context }) => ({
          payload: withdrawPayload(context),
          idempotencyKey: context.actionKey?.key ?? '',
        }),
        onDone: {
          target: 'succeeded',
          actions: assign({ result: ({ event }) => event.output, actionKey: null }),
        },
        onError: {
          target: 'editing',
          description: 'The API client alerts the server refusal; the key survives only an unknown outcome.',
          actions: assign({
            actionKey: ({ context, event }) => keyAfterFailure(context.actionKey, event.error),
          }),
        },
      },
    },
    succeeded: {
      description: "Spec 8: 'Solicitação de saque bem-sucedida!', home, popup closed, balance refreshed.",
      entry: [
        {
          type: 'notify',
          params: ({ context }) => ({ kind: 'done', message: context.result?.message ?? '' }),
        },
        'goHome',
        'closePopup',
      ],
      invoke: {
        src: 'refreshBalance',
        onDone: { target: 'done' },
        onError: { target: 'done' },
      },
    },
    done: { type: 'final' },
  },
});
