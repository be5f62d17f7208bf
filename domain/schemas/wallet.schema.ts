import { z } from 'zod/mini';
import { flag01, jsonBrl, pageParam } from './common.schema';
import { gameRecordSchema } from './game.schema';
import { mySportsBetsPageSchema } from './sports-bets.schema';
import { OrderStatus, WalletRecordStatus } from '../codes';

/** `curreny` variants of price packages (spec 3 and 7). */
export const PACKAGE_VARIANTS = ['BRL', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', 'EXTPAY'] as const;
export type PackageVariant = (typeof PACKAGE_VARIANTS)[number];

export const getPricesQuerySchema = z.object({
  curreny: z.pipe(
    z.optional(z.union([z.enum(PACKAGE_VARIANTS), z.literal('')])),
    z.transform((v: PackageVariant | '' | undefined) => (v ? v : 'BRL')),
  ),
  loading: z.optional(z.string()),
});

/**
 * The package id of a deposit of the player's own amount (`prePay/custom` with `amount`): a plain
 * BRL deposit between `deposit.minAmount` and `deposit.maxAmount`, without a package gift (a running
 * deposit discount applies to it as to any deposit: decision 68).
 */
export const CUSTOM_PACKAGE = 'custom';

/** prePay form (spec 7): gift 1/0, pkgId, isapp 1/0; `amount` (BRL, at most two decimals) for `custom`. */
export const prePaySchema = z.strictObject({
  gift: z.optional(flag01),
  pkgId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'packageUnknown' }))),
  isapp: z.optional(flag01),
  // API.md "Amounts": a JSON number or plain decimal text (a form sends text), whole centavos.
  amount: z.optional(
    z.union(
      [
        jsonBrl('depositAmountInvalid'),
        z.pipe(
          z.string().check(z.regex(/^(0|[1-9]\d{0,8})([.,]\d{1,2})?$/)),
          z.transform((v: string) => Number(v.replace(',', '.'))),
        ),
      ],
      { message: 'depositAmountInvalid' },
    ),
  ),
});

export const priceItemSchema = z.object({
  gift: z.number(),
  pkgId: z.string(),
  price: z.number(),
  sort: z.number(),
  curreny: z.string(),
});
export type PriceItem = z.infer<typeof priceItemSchema>;

export const prePayResultSchema = z.object({ orderId: z.string(), payNo: z.string(), url: z.string() });
export type PrePayResult = z.infer<typeof prePayResultSchema>;

/** updateKyc (spec 3): the holder's name and tax id (CPF or CNPJ). */
export const kycSchema = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.maxLength(80, { message: 'tooLong' }))),
  cardNo: z.optional(z.string().check(z.trim(), z.maxLength(20, { message: 'tooLong' }))),
});

/** Withdrawal account types (spec 3; USDT only for lx '20'). */
export const WITHDRAW_METHODS = ['CPF', 'CNPJ', 'USDT'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];

/** withdraw payload (spec 3): the amount is checked separately, in the specification's order. */
export const withdrawSchema = z.strictObject({
  payCardBank: z.enum(WITHDRAW_METHODS, { message: 'withdrawMethodInvalid' }),
  payCardNo: z.string().check(z.trim(), z.maxLength(64, { message: 'tooLong' })),
  ifsc: z.optional(
    z.pipe(
      z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
      z.string().check(z.maxLength(64, { message: 'tooLong' })),
    ),
  ),
  name: z.optional(z.string().check(z.trim(), z.maxLength(80, { message: 'tooLong' }))),
  amount: z.optional(z.unknown()),
  whatsapp: z.optional(z.string().check(z.trim(), z.maxLength(20, { message: 'tooLong' }))),
});

/** TRC20 address: base58, 34 characters, starting with T. */
export const TRC20_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** A saved payout account (`cardInfo` entry, spec 3). */
export const cardInfoSchema = z.object({
  ifsc: z.string(),
  payCardNo: z.string(),
  name: z.string(),
  whatsapp: z.string(),
});
export type CardInfo = z.infer<typeof cardInfoSchema>;

/**
 * getWithdraw answer (spec 3, payments.md), parsed by the client with this same schema. Trevo adds
 * why `wdAmount` is what it is, so the form can say it: the cash balance, the wagering a deposit or
 * bonus still requires before a withdrawal, and how much today's limit still allows.
 */
export const withdrawLimitsSchema = z.object({
  limitAmount: z.number(),
  number: z.number(),
  /** True when the player's level has no daily count cap ('ilimitado'). */
  unlimited: z.boolean(),
  lock: z.boolean(),
  wdAmount: z.number(),
  usdtRate: z.number(),
  serviceAmount: z.number(),
  maxAmount: z.number(),
  cardInfo: z.object({
    CHANNEL: z.array(z.enum(WITHDRAW_METHODS)),
    CPF: z.optional(cardInfoSchema),
    CNPJ: z.optional(cardInfoSchema),
    USDT: z.optional(cardInfoSchema),
  }),
  /** Cash (withdrawable money before the rules below), BRL. */
  cash: z.number(),
  /** The wagering required since the last deposits and bonuses, and what is still to bet, BRL. */
  turnoverRequired: z.number(),
  turnoverLeft: z.number(),
  /** What today's withdrawal amount limit still allows, BRL. */
  dailyLeft: z.number(),
});
export type WithdrawLimits = z.infer<typeof withdrawLimitsSchema>;

/** Transfer to another player (payments.md): recipient username, amount, e-mailed code. */
export const transferSchema = z.strictObject({
  username: z.optional(z.string().check(z.trim(), z.maxLength(254, { message: 'tooLong' }))),
  amount: z.optional(z.unknown()),
  code: z.optional(z.string().check(z.trim(), z.maxLength(6, { message: 'resetCodeWrong' }))),
});

/** `/registros` query. */
export const recordsQuerySchema = z.object({
  kind: z._default(z.enum(['wallet', 'game', 'sports']), 'wallet'),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
  /** kind=game only: one game's bets (`/gameMess`), by its API name. */
  game: z.optional(z.enum(['dice', 'mines', 'limbo', 'double', 'rowdouble', 'luckycolor'])),
});

export const pixWebhookSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().check(z.minLength(1), z.maxLength(64)),
        txid: z.string().check(z.minLength(1), z.maxLength(35)),
        valor: z.string().check(z.maxLength(20)),
        horario: z.string().check(z.maxLength(40)),
      }),
    )
    .check(z.minLength(1), z.maxLength(100)),
});

// ---- answers of the wallet calls (the routes declare them; the client parses them) ----

/**
 * `getStatus/{orderId}`: the deposit order's status code (spec 4): '00' paying, '01' cancelled
 * (expired, refused or refunded), '10' paid. Trevo writes only these three; the specification's
 * aliases ('99', '-99', '-01') are part of the wire's vocabulary and the client reads them too.
 */
export const orderStatusSchema = z.object({ status: z.enum(OrderStatus) });
export type OrderStatusAnswer = z.infer<typeof orderStatusSchema>;

/** `getUserTest`: a new demo account's credentials (shown once) and its play balance, BRL. */
export const demoAccountSchema = z.object({ username: z.string(), pwd: z.string(), balance: z.number() });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** `wallet/transfer`: the transfer made — its id, the amount (BRL) and the recipient's username. */
export const transferResultSchema = z.object({ id: z.string(), amount: z.number(), to: z.string() });
export type TransferResult = z.infer<typeof transferResultSchema>;

/**
 * `order/withdraw`: the withdrawal asked for — always pending ('00') when it is created; the amount
 * moved to the hold and the service fee (BRL), and whether it waits for an operator's approval.
 */
export const withdrawResultSchema = z.object({
  id: z.string(),
  status: z.literal(WalletRecordStatus.pending),
  amount: z.number(),
  fee: z.number(),
  waitsForApproval: z.boolean(),
});
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

/**
 * One wallet record of `/registros` (kind=wallet): deposits (type 10, 13 through a game's recharge
 * plan), withdrawals (11), transfers (12), VIP awards (14), invitation prizes (19) and promotions
 * (141); status '00' pending, '01' cancelled, '10' arrived. The amount (BRL) is signed: money
 * leaving the player is negative. Type and status stay open numbers and texts: the page labels a
 * code it does not know as "other" rather than failing.
 */
export const walletRecordSchema = z.object({
  id: z.string(),
  type: z.int(),
  status: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  detail: z.string(),
  /** 'depositGift', 'bonusRelease' or null: the page words these lines in the player's language. */
  note: z.optional(z.nullable(z.string())),
});
export type WalletRecord = z.infer<typeof walletRecordSchema>;

/** A page of records: its rows, the total across pages, and the page and size asked for. */
const recordsPage = <T extends z.core.$ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.int(), page: z.int(), size: z.int() });

export const walletRecordsPageSchema = recordsPage(walletRecordSchema);
export type WalletRecordsPage = z.infer<typeof walletRecordsPageSchema>;
/** kind=game: the player's bets, newest first, with their fairness data. */
export const gameRecordsPageSchema = recordsPage(gameRecordSchema);
export type GameRecordsPage = z.infer<typeof gameRecordsPageSchema>;
/** kind=sports: the bets of "Minhas apostas", every state, newest first. */
export const sportsRecordsPageSchema = mySportsBetsPageSchema;
export type SportsRecordsPage = z.infer<typeof sportsRecordsPageSchema>;

/** `GET /api/app/user/records`: one page of the `kind` asked for (wallet by default). */
export const recordsPageSchema = z.union([
  walletRecordsPageSchema,
  gameRecordsPageSchema,
  sportsRecordsPageSchema,
]);
export type RecordsPageAnswer = z.infer<typeof recordsPageSchema>;
