import { z } from 'zod';

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

/** prePay form (spec 7): gift 1/0, pkgId, isapp 1/0. */
export const prePaySchema = z.strictObject({
  gift: z.coerce
    .string()
    .regex(/^[01]$/, { message: 'invalidInput' })
    .optional(),
  pkgId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'packageUnknown' })
    .optional(),
  isapp: z.coerce
    .string()
    .regex(/^[01]$/, { message: 'invalidInput' })
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
