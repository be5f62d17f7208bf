import { z } from 'zod/mini';
import { pageParam, reasonText } from './common.schema';

/**
 * The compliance queues (issue 19): alerts the server raises from the ledger and the accounts,
 * worked by the compliance role — AML (Lei 14.790/2023, Portaria SPA/MF 1.143/2024: reporting to
 * COAF), multi-accounting, and responsible gaming (Portaria SPA/MF 1.231/2024).
 */
export const ALERT_KINDS = ['aml', 'multi_account', 'rg'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** open → reviewing (someone took it) → reported (sent to COAF) or dismissed; a closed case may reopen. */
export const ALERT_STATUSES = ['open', 'reviewing', 'reported', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const CLOSED_STATUSES: readonly AlertStatus[] = ['reported', 'dismissed'];

/** The rules, by kind; the console names each in words (admin locales `compliance.rules`). */
export const ALERT_RULES = {
  aml: ['large_deposit', 'large_withdrawal', 'split_deposits', 'split_withdrawals', 'in_out_little_play'],
  multi_account: [
    'shared_phone',
    'shared_pix_key',
    'shared_ip',
    'shared_device',
    'shared_address',
    'shared_document',
    'same_name_birth',
  ],
  rg: ['loss_chasing', 'limits_hit', 'deposit_after_raise'],
} as const satisfies Record<AlertKind, readonly string[]>;
export type AlertRule = (typeof ALERT_RULES)[AlertKind][number];

/** Each rule in Portuguese, for the case file a COAF communication is filled from. */
export const ALERT_RULE_TEXT: Record<AlertRule, string> = {
  large_deposit: 'Depósito único acima do limite',
  large_withdrawal: 'Saque único acima do limite',
  split_deposits: 'Depósitos fracionados abaixo do limite',
  split_withdrawals: 'Saques fracionados abaixo da aprovação',
  in_out_little_play: 'Entrada e saída com pouca aposta',
  shared_phone: 'Contas com o mesmo telefone',
  shared_pix_key: 'Contas com a mesma chave PIX',
  shared_ip: 'Contas acessadas do mesmo endereço IP',
  shared_device: 'Contas acessadas do mesmo aparelho',
  shared_address: 'Contas com o mesmo endereço residencial',
  shared_document: 'Contas com o mesmo documento',
  same_name_birth: 'Contas com o mesmo nome e nascimento',
  loss_chasing: 'Perseguição de perdas',
  limits_hit: 'Limites atingidos com frequência',
  deposit_after_raise: 'Depósito logo após aumento de limite',
};

/** `GET /api/admin/alerts`: the queue, newest first, by kind and state. */
export const alertsQuerySchema = z.object({
  kind: z.optional(z.enum(ALERT_KINDS)),
  status: z.optional(z.enum([...ALERT_STATUSES, 'active'])),
  page: pageParam(10_000, 1),
  size: pageParam(200, 50),
});

/** A player an alert involves. */
export const alertPlayerSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  cpf: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  locked: z.boolean(),
});

export const alertRowSchema = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  rule: z.string(),
  status: z.enum(ALERT_STATUSES),
  /** Money the rule saw (a deposit, a sum of splits, …), BRL; 0 where it weighs none. */
  amount: z.number(),
  /** Usernames of the players involved (the first few). */
  players: z.array(z.string()),
  playerCount: z.number(),
  assignee: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the case was reported to COAF, kept if new accounts opened it again. */
  reportedAt: z.nullable(z.string()),
});
export type AlertRow = z.infer<typeof alertRowSchema>;
export const alertsPageSchema = z.object({ list: z.array(alertRowSchema), total: z.number() });

export const alertNoteSchema = z.object({
  id: z.number(),
  /** null: written by the scan itself. */
  author: z.nullable(z.string()),
  text: z.string(),
  at: z.string(),
});

/** `GET /api/admin/alerts/{id}`: the case — the alert, the players, the evidence, the notes. */
export const alertDetailSchema = z.extend(alertRowSchema, {
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  playersDetail: z.array(alertPlayerSchema),
  notes: z.array(alertNoteSchema),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

const noteText = reasonText(5, 1000);

/**
 * `POST /api/admin/alerts/{id}`: one step of the work — take it (assign to oneself), hand it to
 * another compliance operator, add a note, or close it as reported to COAF or dismissed (a reason
 * is required), or reopen a closed one (a reason too).
 */
export const alertActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('take') }),
  z.strictObject({ action: z.literal('assign'), operatorId: z.int().check(z.positive()) }),
  z.strictObject({ action: z.literal('note'), text: z.prefault(noteText, '') }),
  z.strictObject({ action: z.literal('report'), text: z.prefault(noteText, '') }),
  z.strictObject({ action: z.literal('dismiss'), text: z.prefault(noteText, '') }),
  z.strictObject({ action: z.literal('reopen'), text: z.prefault(noteText, '') }),
]);
export type AlertAction = z.infer<typeof alertActionSchema>;

/** What `POST /api/admin/alerts/scan` found: alerts raised or brought up to date. */
export const alertScanSchema = z.object({ raised: z.number(), updated: z.number() });
export type AlertScan = z.infer<typeof alertScanSchema>;

/**
 * `GET /api/admin/alerts/assignees`: who a case can be handed to — the enabled compliance
 * operators and administrators, by username.
 */
export const alertAssigneeSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(['compliance', 'admin']),
});
export type AlertAssignee = z.infer<typeof alertAssigneeSchema>;
export const alertAssigneesSchema = z.array(alertAssigneeSchema);
