/**
 * The payment provider adapter (design/payments.md): the wallet talks only to this interface, so a
 * real PSP (Banco Central "API Pix" shaped: cob, txid, webhook /pix) fits without touching it.
 */

/** Charge statuses as the Banco Central's API Pix names them. */
export type ChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface CreateChargeInput {
  /** 26–35 alphanumeric characters, unique per receiver (API Pix `cob` txid). */
  txid: string;
  amountCents: number;
  /** The CPF the money must come from (the player's). */
  payerCpf: string;
  expiresInSeconds: number;
}

export interface Charge {
  txid: string;
  status: ChargeStatus;
  amountCents: number;
  /** The "copia e cola" BR Code. */
  brCode: string;
  /** Page where the player pays (the payment frame). */
  checkoutUrl: string;
  expiresAt: Date;
  /** Present once paid: the PIX end-to-end id and who paid. */
  payment?: { endToEndId: string; payerCpf: string; paidAt: Date };
}

/** One PIX as a webhook reports it (API Pix `Pix` object, reduced). */
export interface PixNotice {
  endToEndId: string;
  txid: string;
  /** "100.00" */
  valor: string;
  horario: string;
}

export interface PspAdapter extends PayoutAdapter {
  readonly name: string;
  createCharge(input: CreateChargeInput): Promise<Charge>;
  /** The provider's own view of a charge; the wallet re-checks every webhook against it. */
  getCharge(txid: string): Promise<Charge | undefined>;
  /** Checks a webhook's authenticity and freshness from its raw body and headers. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean;
  /** Returns money received from a payer who is not the account holder. */
  refund(endToEndId: string, amountCents: number): Promise<void>;
}

/** Payout statuses, named as API Pix names a sent PIX's outcome. */
export type PayoutStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface PayoutInput {
  /** Trevo's withdrawal id: the provider keeps one payout per id, whatever the retries. */
  id: string;
  amountCents: number;
  method: 'CPF' | 'CNPJ' | 'USDT';
  account: string;
}

export interface PayoutAdapter {
  createPayout(input: PayoutInput): Promise<{ id: string; status: PayoutStatus }>;
  getPayout(id: string): Promise<{ id: string; status: PayoutStatus } | undefined>;
}
