import { randomBytes } from 'node:crypto';
import type { Db } from '../../infra/db/connection';
import { buildDynamicBrCode } from '../../../domain/pix';
import type {
  Charge,
  ChargeStatus,
  CreateChargeInput,
  PayoutInput,
  PayoutStatus,
  PspAdapter,
} from '../../platform/psp';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './webhook-signature';

/**
 * The embedded sandbox PSP (design/payments.md): it issues real dynamic BR Codes, keeps its own
 * charges, plays the payer's bank from its checkout page, and notifies Trevo with signed webhooks
 * after a delay — sometimes twice or late, as real PSPs do.
 */
export interface SandboxOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  merchantName: string;
  merchantCity: string;
  webhookDelayMs: number;
  /** How long a payout takes before it is done. */
  payoutDelayMs: number;
  /** Sends a webhook to Trevo (in production of a real PSP this is an HTTPS POST). */
  deliver(body: string, headers: Record<string, string>): Promise<void>;
  log: { warn(obj: object, msg: string): void };
}

export type PayScenario = 'normal' | 'twice' | 'late';

/** A new PIX end-to-end id: E + 8-digit ISPB + yyyyMMddHHmm + 11 alphanumerics (32 characters). */
function endToEndId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E18236120${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`;
}

export class SandboxPsp implements PspAdapter {
  readonly name = 'sandbox';
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly o: SandboxOptions) {}

  private toCharge(row: {
    txid: string;
    status: string;
    amount_cents: string | number | bigint;
    br_code: string;
    expires_at: Date | string;
    end_to_end_id: string | null;
    payer_cpf: string | null;
    paid_at: Date | string | null;
  }): Charge {
    const expiresAt = new Date(row.expires_at);
    const status = (
      row.status === 'ATIVA' && expiresAt.getTime() <= Date.now() ? 'REMOVIDA_PELO_PSP' : row.status
    ) as ChargeStatus;
    return {
      txid: row.txid,
      status,
      amountCents: Number(row.amount_cents),
      brCode: row.br_code,
      checkoutUrl: `/sandbox-psp/checkout/${row.txid}`,
      expiresAt,
      payment:
        row.end_to_end_id && row.payer_cpf && row.paid_at
          ? { endToEndId: row.end_to_end_id, payerCpf: row.payer_cpf, paidAt: new Date(row.paid_at) }
          : undefined,
    };
  }

  async createCharge(input: CreateChargeInput): Promise<Charge> {
    const host = new URL(this.o.publicUrl).host;
    const brCode = buildDynamicBrCode({
      location: `${host}/sandbox-psp/qr/v2/${input.txid}`,
      merchantName: this.o.merchantName,
      merchantCity: this.o.merchantCity,
      amountCents: input.amountCents,
    });
    const row = await this.o.db
      .insertInto('sandbox_charges')
      .values({
        txid: input.txid,
        amount_cents: input.amountCents,
        expected_cpf: input.payerCpf,
        br_code: brCode,
        expires_at: new Date(Date.now() + input.expiresInSeconds * 1000),
      })
      .onConflict((oc) => oc.column('txid').doNothing())
      .returningAll()
      .executeTakeFirst();
    const charge = row ?? (await this.row(input.txid));
    if (!charge) throw new Error(`sandbox charge ${input.txid} could not be created`);
    return this.toCharge(charge);
  }

  private row(txid: string) {
    return this.o.db.selectFrom('sandbox_charges').selectAll().where('txid', '=', txid).executeTakeFirst();
  }

  async getCharge(txid: string): Promise<Charge | undefined> {
    const row = await this.row(txid);
    return row ? this.toCharge(row) : undefined;
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean {
    const header = headers[SIGNATURE_HEADER];
    return verifyWebhookSignature(this.o.secret, rawBody, typeof header === 'string' ? header : undefined);
  }

  async refund(endToEndId: string): Promise<void> {
    await this.o.db
      .updateTable('sandbox_charges')
      .set({ status: 'DEVOLVIDA' })
      .where('end_to_end_id', '=', endToEndId)
      .execute();
  }

  /**
   * The payer's bank pays the charge (from `payerCpf`, by default the expected payer). Returns the
   * charge, or undefined when it cannot be paid (unknown, expired, already paid).
   */
  async pay(txid: string, payerCpf: string | undefined, scenario: PayScenario): Promise<Charge | undefined> {
    const e2e = endToEndId();
    const row = await this.o.db
      .updateTable('sandbox_charges')
      .set((eb) => ({
        status: 'CONCLUIDA',
        payer_cpf: payerCpf ?? eb.ref('expected_cpf'),
        end_to_end_id: e2e,
        paid_at: new Date(),
      }))
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const charge = this.toCharge(row);
    const delay = this.o.webhookDelayMs;
    if (scenario === 'twice') {
      this.schedule(charge, delay);
      this.schedule(charge, delay + Math.max(100, delay));
    } else if (scenario === 'late') {
      // "Late" stays inside 30 s, as the design note promises.
      this.schedule(charge, Math.min(30_000, delay * 10 + 5_000));
    } else {
      this.schedule(charge, delay);
    }
    return charge;
  }

  /** The charge expires now (the payer never paid). */
  async expire(txid: string): Promise<boolean> {
    const res = await this.o.db
      .updateTable('sandbox_charges')
      .set({ status: 'REMOVIDA_PELO_PSP', expires_at: new Date() })
      .where('txid', '=', txid)
      .where('status', '=', 'ATIVA')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The webhook body for a paid charge, in the API Pix shape. */
  static notification(charge: Charge): string {
    return JSON.stringify({
      pix: [
        {
          endToEndId: charge.payment!.endToEndId,
          txid: charge.txid,
          valor: (charge.amountCents / 100).toFixed(2),
          horario: charge.payment!.paidAt.toISOString(),
        },
      ],
    });
  }

  private schedule(charge: Charge, delayMs: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const body = SandboxPsp.notification(charge);
      this.o
        .deliver(body, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(this.o.secret, body),
        })
        .catch((err) => this.o.log.warn({ err, txid: charge.txid }, 'sandbox webhook delivery failed'));
    }, delayMs);
    this.timers.add(timer);
  }

  private failNextPayout = false;

  /** Makes the next payout fail, as a bank would for a closed account (sandbox scenario). */
  failNext() {
    this.failNextPayout = true;
  }

  async createPayout(input: PayoutInput): Promise<{ id: string; status: PayoutStatus }> {
    const status: PayoutStatus = this.failNextPayout ? 'NAO_REALIZADO' : 'EM_PROCESSAMENTO';
    const inserted = await this.o.db
      .insertInto('sandbox_payouts')
      .values({
        id: input.id,
        amount_cents: input.amountCents,
        method: input.method,
        account: input.account,
        status,
        settles_at: new Date(Date.now() + this.o.payoutDelayMs),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) this.failNextPayout = false;
    return (await this.getPayout(input.id))!;
  }

  async getPayout(id: string): Promise<{ id: string; status: PayoutStatus } | undefined> {
    await this.o.db
      .updateTable('sandbox_payouts')
      .set({ status: 'REALIZADO' })
      .where('id', '=', id)
      .where('status', '=', 'EM_PROCESSAMENTO')
      .where('settles_at', '<=', new Date())
      .execute();
    const row = await this.o.db
      .selectFrom('sandbox_payouts')
      .select(['id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, status: row.status as PayoutStatus } : undefined;
  }

  /** Cancels webhooks not yet sent (shutdown). */
  close() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
