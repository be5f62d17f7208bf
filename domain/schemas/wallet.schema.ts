import { z } from 'zod';
import { flag01, jsonBrl, pageParam } from './common.schema';

/** `curreny` variants of price packages (spec 3 and 7). */
export const PACKAGE_VARIANTS = ['BRL', 'BTBRL', 'FCBRL', 'INSBRL', 'EXPPAY', 'EXTPAY'] as const;
export type PackageVariant = (typeof PACKAGE_VARIANTS)[number];

export const getPricesQuerySchema = z.object({
  curreny: z
    .union([z.enum(PACKAGE_VARIANTS), z.literal('')])
    .optional()
    .transform((v) => (v ? v : 'BRL')),
  loading: z.string().optional(),
});

/**
 * The package id of a deposit of the player's own amount (`prePay/custom` with `amount`): a plain
 * BRL deposit between `deposit.minAmount` and `deposit.maxAmount`, without a package gift (a running
 * deposit discount applies to it as to any deposit: decision 68).
 */
export const CUSTOM_PACKAGE = 'custom';

/** prePay form (spec 7): gift 1/0, pkgId, isapp 1/0; `amount` (BRL, at most two decimals) for `custom`. */
export const prePaySchema = z.strictObject({
  gift: flag01.optional(),
  pkgId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'packageUnknown' })
    .optional(),
  isapp: flag01.optional(),
  // API.md "Amounts": a JSON number or plain decimal text (a form sends text), whole centavos.
  amount: z
    .union(
      [
        jsonBrl('depositAmountInvalid'),
        z
          .string()
          .regex(/^(0|[1-9]\d{0,8})([.,]\d{1,2})?$/)
          .transform((v) => Number(v.replace(',', '.'))),
      ],
      { message: 'depositAmountInvalid' },
    )
    .optional(),
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
  name: z.string().trim().max(80, { message: 'tooLong' }).optional(),
  cardNo: z.string().trim().max(20, { message: 'tooLong' }).optional(),
});

/** Withdrawal account types (spec 3; USDT only for lx '20'). */
export const WITHDRAW_METHODS = ['CPF', 'CNPJ', 'USDT'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];

/** withdraw payload (spec 3): the amount is checked separately, in the specification's order. */
export const withdrawSchema = z.strictObject({
  payCardBank: z.enum(WITHDRAW_METHODS, { message: 'withdrawMethodInvalid' }),
  payCardNo: z.string().trim().max(64, { message: 'tooLong' }),
  ifsc: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().max(64, { message: 'tooLong' }))
    .optional(),
  name: z.string().trim().max(80, { message: 'tooLong' }).optional(),
  amount: z.unknown().optional(),
  whatsapp: z.string().trim().max(20, { message: 'tooLong' }).optional(),
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
    CPF: cardInfoSchema.optional(),
    CNPJ: cardInfoSchema.optional(),
    USDT: cardInfoSchema.optional(),
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
  username: z.string().trim().max(254, { message: 'tooLong' }).optional(),
  amount: z.unknown().optional(),
  code: z.string().trim().max(6, { message: 'resetCodeWrong' }).optional(),
});

/** `/registros` query. */
export const recordsQuerySchema = z.object({
  kind: z.enum(['wallet', 'game', 'sports']).default('wallet'),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
  /** kind=game only: one game's bets (`/gameMess`), by its API name. */
  game: z.enum(['dice', 'mines', 'limbo', 'double', 'rowdouble', 'luckycolor']).optional(),
});

export const pixWebhookSchema = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1).max(64),
        txid: z.string().min(1).max(35),
        valor: z.string().max(20),
        horario: z.string().max(40),
      }),
    )
    .min(1)
    .max(100),
});
