import type {
  Charge,
  ChargeStatus,
  CreateChargeInput,
  PayoutInput,
  PayoutStatus,
  PspAdapter,
} from '../../platform/psp';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './webhook-signature';

/**
 * An adapter for a PSP that speaks the Banco Central's "API Pix" (bacen/pix-api 2.x): OAuth2
 * client credentials, `PUT /cob/{txid}` (idempotent: the txid is ours), `GET /cob/{txid}` with
 * `pix[]` once paid, refunds at `PUT /pix/{e2eid}/devolucao/{id}`, and the webhook `POST …/pix`.
 * The payer's CPF comes from the common `gnExtras.pagador` extension (the standard object has none).
 * Payouts are not standardised by the Banco Central; this follows the usual `PUT /gn/pix/{idEnvio}`.
 */
export interface BcbPixOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Trevo's receiving PIX key (`chave` of each cob). */
  pixKey: string;
  /** Secret of the signature Trevo's webhook endpoint requires from the PSP's relay. */
  webhookSecret: string;
  /** Where the player pays: Trevo's own page that shows the BR Code of a charge. */
  checkoutPath(txid: string): string;
  /**
   * How long one call may take before it fails (10 s unless told): a PSP that stops answering
   * must not hold a player's deposit, or the job that checks charges, forever.
   */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface CobResponse {
  txid: string;
  status: ChargeStatus;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  pixCopiaECola: string;
  pix?: Array<{
    endToEndId: string;
    valor: string;
    horario: string;
    gnExtras?: { pagador?: { cpf?: string } };
  }>;
}

const toCents = (valor: string) => Math.round(Number(valor) * 100);
const toValor = (cents: number) => (cents / 100).toFixed(2);

export class BcbPixAdapter implements PspAdapter {
  readonly name = 'bcb-pix';
  private token?: { value: string; until: number };
  private readonly http: typeof fetch;

  constructor(private readonly o: BcbPixOptions) {
    this.http = o.fetch ?? fetch;
  }

  private deadline(): AbortSignal {
    return AbortSignal.timeout(this.o.timeoutMs ?? 10_000);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now() + 5_000) return this.token.value;
    const res = await this.http(`${this.o.baseUrl}/oauth/token`, {
      method: 'POST',
      signal: this.deadline(),
      headers: {
        authorization: `Basic ${Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    if (!res.ok) throw new Error(`PSP authentication failed: ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, until: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T | undefined }> {
    const res = await this.http(`${this.o.baseUrl}${path}`, {
      method,
      signal: this.deadline(),
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 404) return { status: 404, body: undefined };
    if (!res.ok) throw new Error(`PSP ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return { status: res.status, body: (await res.json()) as T };
  }

  private toCharge(cob: CobResponse): Charge {
    const expiresAt = new Date(new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000);
    // Expiry is not a status in API Pix: an ATIVA cob past its deadline cannot be paid any more.
    const status: ChargeStatus =
      cob.status === 'ATIVA' && expiresAt.getTime() <= Date.now() ? 'REMOVIDA_PELO_PSP' : cob.status;
    const paid = cob.pix?.[0];
    return {
      txid: cob.txid,
      status,
      amountCents: toCents(cob.valor.original),
      brCode: cob.pixCopiaECola,
      checkoutUrl: this.o.checkoutPath(cob.txid),
      expiresAt,
      payment:
        paid && paid.gnExtras?.pagador?.cpf
          ? {
              endToEndId: paid.endToEndId,
              payerCpf: paid.gnExtras.pagador.cpf,
              paidAt: new Date(paid.horario),
            }
          : undefined,
    };
  }

  async createCharge(input: CreateChargeInput): Promise<Charge> {
    const { body } = await this.call<CobResponse>('PUT', `/cob/${input.txid}`, {
      calendario: { expiracao: input.expiresInSeconds },
      devedor: { cpf: input.payerCpf, nome: 'Jogador Trevo' },
      valor: { original: toValor(input.amountCents) },
      chave: this.o.pixKey,
      solicitacaoPagador: 'Depósito Trevo',
    });
    return this.toCharge(body!);
  }

  async getCharge(txid: string): Promise<Charge | undefined> {
    const { body } = await this.call<CobResponse>('GET', `/cob/${txid}`);
    return body ? this.toCharge(body) : undefined;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean {
    const header = headers[SIGNATURE_HEADER];
    return verifyWebhookSignature(
      this.o.webhookSecret,
      rawBody,
      typeof header === 'string' ? header : undefined,
    );
  }

  async refund(endToEndId: string, amountCents: number): Promise<void> {
    // The refund id is ours, so a repeated request cannot refund twice.
    await this.call('PUT', `/pix/${endToEndId}/devolucao/D${endToEndId.slice(-20)}`, {
      valor: toValor(amountCents),
    });
  }

  async createPayout(input: PayoutInput): Promise<{ id: string; status: PayoutStatus }> {
    const favorecido = input.method === 'USDT' ? { carteira: input.account } : { chave: input.account };
    const { body } = await this.call<{ idEnvio: string; status: PayoutStatus }>(
      'PUT',
      `/gn/pix/${input.id}`,
      {
        valor: toValor(input.amountCents),
        pagador: { chave: this.o.pixKey },
        favorecido,
      },
    );
    return { id: body!.idEnvio, status: body!.status };
  }

  async getPayout(id: string): Promise<{ id: string; status: PayoutStatus } | undefined> {
    const { body } = await this.call<{ idEnvio: string; status: PayoutStatus }>(
      'GET',
      `/gn/pix/enviados/id-envio/${id}`,
    );
    return body ? { id: body.idEnvio, status: body.status } : undefined;
  }
}
