import { z } from 'zod/mini';
import {
  demoAccountSchema,
  orderStatusSchema,
  prePayResultSchema,
  priceItemSchema,
  transferResultSchema,
  walletRecordsPageSchema,
  withdrawLimitsSchema,
  withdrawResultSchema,
  type DemoAccount,
  type PrePayResult,
  type PriceItem,
  type TransferResult,
  type WalletRecord,
  type WalletRecordsPage,
  type WithdrawLimits,
  type WithdrawMethod,
  type WithdrawResult as WithdrawAnswer,
} from '../../domain/schemas/wallet.schema';
import { kycStateSchema, type KycSide, type KycState } from '../../domain/schemas/kyc.schema';
import { apiGet, apiPost, apiPostForm, apiPut, apiPutFile } from './api-client';
import { IDEMPOTENCY_HEADER } from './idempotency';

/**
 * The wallet's calls (spec 7, API.md "Wallet"): deposit packages and orders, withdrawals, KYC,
 * transfers, records and the demo account. Answers are checked with zod so a contract change
 * shows up as an error here instead of as a wrong number on screen.
 */

/** The `curreny` variants the client asks for (spec 7): plain, first and second deposit, game plan. */
export type DepositVariant = 'BRL' | 'BTBRL' | 'FCBRL' | 'INSBRL';

/** The price packages of `variant`, in the server's order. */
export async function fetchPrices(variant: DepositVariant): Promise<PriceItem[]> {
  const body = await apiGet<unknown>('/api/app/order/getPrices', { curreny: variant });
  return z.array(priceItemSchema).parse(body.data);
}

/** What prePay needs: the package, whether the player takes its bonus, and app mode. */
export interface PrePayRequest {
  pkgId: string;
  gift: boolean;
  isApp: boolean;
  idempotencyKey: string;
  /** The player's own amount (BRL), with `pkgId` CUSTOM_PACKAGE. */
  amount?: number;
}

/** Creates the order and its PIX charge; `url` is the payment page for the frame. */
export async function prePay(request: PrePayRequest): Promise<PrePayResult> {
  const body = await apiPostForm<unknown>(
    `/api/app/order/prePay/${encodeURIComponent(request.pkgId)}`,
    {
      gift: request.gift ? 1 : 0,
      pkgId: request.pkgId,
      isapp: request.isApp ? 1 : 0,
      ...(request.amount !== undefined ? { amount: request.amount.toFixed(2) } : {}),
    },
    { headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey } },
  );
  return prePayResultSchema.parse(body.data);
}

/**
 * The order's status code (spec 4). `quiet` is for the background poll while the player pays: no
 * loading indicator and no alert when one poll fails, the next one simply tries again.
 */
export async function fetchOrderStatus(orderId: string, options: { quiet?: boolean } = {}): Promise<string> {
  const body = await apiGet<unknown>(
    `/api/app/order/getStatus/${encodeURIComponent(orderId)}`,
    options.quiet ? { loading: false } : undefined,
    options.quiet ? { silent: true } : undefined,
  );
  return orderStatusSchema.parse(body.data).status;
}

/** Today's withdrawal limits and the saved payout accounts. */
export async function fetchWithdrawLimits(options: { quiet?: boolean } = {}): Promise<WithdrawLimits> {
  const body = await apiGet<unknown>(
    '/api/app/order/getWithdraw',
    options.quiet ? { loading: false } : undefined,
    options.quiet ? { silent: true } : undefined,
  );
  return withdrawLimitsSchema.parse(body.data);
}

/** The withdraw payload of spec 3 (`ifsc`: the number for CPF and CNPJ, the rate for USDT). */
export interface WithdrawPayload {
  payCardBank: WithdrawMethod;
  payCardNo: string;
  ifsc: string;
  name: string;
  amount: number;
  whatsapp: string;
}

/** The withdrawal asked for, with the server's message. */
export type WithdrawResult = WithdrawAnswer & { message: string };

/** Asks for a withdrawal; the amount moves to a hold and is paid out later. */
export async function requestWithdraw(
  payload: WithdrawPayload,
  idempotencyKey: string,
): Promise<WithdrawResult> {
  const body = await apiPost<unknown>(
    '/api/app/order/withdraw',
    { ...payload },
    {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    },
  );
  return { ...withdrawResultSchema.parse(body.data), message: body.message };
}

/**
 * Saves the identity (name and CPF or CNPJ) and returns the server's message. Spec 7: a failed KYC
 * request is ignored silently, so the error catalogue stays quiet; the caller still sees the error.
 */
export async function updateKyc(name: string, cardNo: string): Promise<string> {
  const body = await apiPost<unknown>('/api/app/user/updateKyc', { name, cardNo }, { silent: true });
  return body.message;
}

/** The player's identity documents and their review (issue 19). */
export async function kycDocuments(): Promise<KycState> {
  // Quiet: the form shows nothing of the documents when they cannot be read, no alert over it.
  const body = await apiGet<unknown>('/api/app/user/kyc/documents', { loading: false }, { silent: true });
  return kycStateSchema.parse(body.data);
}

/** Sends one side of the identity documents; the answer is the state after it and the server's message. */
export async function uploadKycDocument(
  side: KycSide,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<{ state: KycState; message: string }> {
  const body = await apiPutFile<unknown>(`/api/app/user/kyc/documents/${side}`, file, onProgress);
  return { state: kycStateSchema.parse(body.data), message: body.message };
}

/** Keeps the player's home address; the answer is the documents' state with it and the server's message. */
export async function saveKycAddress(
  address: NonNullable<KycState['address']>,
): Promise<{ state: KycState; message: string }> {
  const body = await apiPut<unknown>('/api/app/user/kyc/address', { ...address });
  return { state: kycStateSchema.parse(body.data), message: body.message };
}

/** E-mails the player a 6-digit code that confirms the next transfer. */
export async function sendTransferCode(): Promise<string> {
  const body = await apiPost<unknown>('/api/app/wallet/transfer/sendCode');
  return body.message;
}

export interface TransferRequest {
  username: string;
  amount: number;
  code: string;
}

export type { TransferResult };

/** Moves cash to another player, confirmed with the e-mailed code. */
export async function transfer(request: TransferRequest, idempotencyKey: string): Promise<TransferResult> {
  const body = await apiPost<unknown>(
    '/api/app/wallet/transfer',
    { ...request },
    {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    },
  );
  return transferResultSchema.parse(body.data);
}

export type { WalletRecord };
export type RecordsPage = WalletRecordsPage;

/** One page of the player's wallet records, newest first. */
export async function fetchWalletRecords(page: number, size: number): Promise<RecordsPage> {
  const body = await apiGet<unknown>('/api/app/user/records', { kind: 'wallet', page, size });
  return walletRecordsPageSchema.parse(body.data);
}

export type TestAccount = DemoAccount;

/** Issues a demo account (no login needed); the player then logs in with it. */
export async function fetchTestAccount(): Promise<TestAccount> {
  const body = await apiGet<unknown>('/api/app/user/getUserTest');
  return demoAccountSchema.parse(body.data);
}
