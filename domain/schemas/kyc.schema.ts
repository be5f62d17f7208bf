import { z } from 'zod/mini';
import { INVISIBLE, pageParam, reasonText } from './common.schema';

/**
 * Identity documents (issue 19): the front and back of an identity document (RG, CNH or RNE) and a
 * selfie holding it, sent from the identity form; an operator approves the set or refuses it with a
 * reason; withdrawals above `withdraw.documentsAbove` wait for an approved set.
 */
export const KYC_SIDES = ['front', 'back', 'selfie'] as const;
export type KycSide = (typeof KYC_SIDES)[number];
export const KYC_REVIEWS = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycReview = (typeof KYC_REVIEWS)[number];

/** The files accepted, recognised by their first bytes (the declared type must agree). */
export const KYC_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycType = (typeof KYC_TYPES)[number];
/** The largest file accepted: a phone photo at full size is 2–5 MB. */
export const KYC_MAX_BYTES = 6 * 1024 * 1024;

export const kycSideParams = z.object({ side: z.enum(KYC_SIDES, { message: 'kycSideInvalid' }) });

/** Brazil's 26 states and the Federal District. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/**
 * A line of an address as it shows: compatibility forms folded (full-width and superscript digits
 * become digits), invisible characters gone, spaces collapsed, `min`–`max` long, and only what an
 * address is written with — letters, digits, spaces and . , ' º ª ° / # ( ) -.
 */
const addressLine = (min: number, max: number, message: string) =>
  z.pipe(
    z.pipe(
      z.string({ message }).check(z.maxLength(max * 2, { message: 'tooLong' })),
      z.transform((text: string) =>
        text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim(),
      ),
    ),
    z.string().check(
      z.minLength(min, { message }),
      z.maxLength(max, { message: 'tooLong' }),
      z.regex(/^[\p{L}\p{M}\p{Nd} .,'ºª°/#()-]*$/u, { message }),
      z.refine((text) => min === 0 || /[\p{L}\p{Nd}]/u.test(text), { message }),
    ),
  );

/** A house number: digits with an optional letter (120, 120A), or S/N for none. */
const HOUSE_NUMBER = /^(\d{1,6}\s?[a-z]?|s\/?n)$/i;

/**
 * `PUT /api/app/user/kyc/address`: the player's home address, given beside the identity documents
 * (Portaria SPA/MF 1.143/2024 asks for it) and compared across accounts by the multi-accounting
 * queue. The CEP is kept as its 8 digits, typed with or without the hyphen.
 */
export const kycAddressSchema = z.strictObject({
  cep: z.pipe(
    z.pipe(
      z.string({ message: 'addressCep' }).check(z.maxLength(12, { message: 'addressCep' })),
      z.transform((text: string) => text.replace(/\D/g, '')),
    ),
    z.string().check(z.regex(/^\d{8}$/, { message: 'addressCep' })),
  ),
  street: addressLine(3, 120, 'addressStreet'),
  number: z.pipe(
    addressLine(1, 10, 'addressNumber'),
    z.string().check(z.regex(HOUSE_NUMBER, { message: 'addressNumber' })),
  ),
  complement: z.prefault(addressLine(0, 60, 'tooLong'), ''),
  district: addressLine(2, 60, 'addressDistrict'),
  city: addressLine(2, 60, 'addressCity'),
  uf: z.enum(UFS, { message: 'addressUf' }),
});
export type KycAddress = z.infer<typeof kycAddressSchema>;
/** An address as the server answers it. */
export const addressViewSchema = z.object({
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  district: z.string(),
  city: z.string(),
  uf: z.string(),
});
export type KycAddressView = z.infer<typeof addressViewSchema>;

/** `GET /api/app/user/kyc/documents`: the review and the latest file of each side. */
export const kycStateSchema = z.object({
  review: z.enum(KYC_REVIEWS),
  /** Why the operator refused the set (empty otherwise). */
  reason: z.string(),
  documents: z.array(
    z.object({ side: z.enum(KYC_SIDES), type: z.enum(KYC_TYPES), size: z.number(), sentAt: z.string() }),
  ),
  /** Withdrawals above this many BRL need the set approved. */
  requiredAbove: z.number(),
  /** The home address the player gave, or null before they give one. */
  address: z.nullable(addressViewSchema),
});
export type KycState = z.infer<typeof kycStateSchema>;

/** `GET /api/admin/kyc`: the review queue. */
export const kycQueueQuerySchema = z.object({
  review: z._default(z.enum(KYC_REVIEWS), 'pending'),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
});

export const kycCaseSchema = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  cpf: z.string(),
  birthDate: z.nullable(z.string()),
  address: z.nullable(addressViewSchema),
  review: z.enum(KYC_REVIEWS),
  reason: z.string(),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  documents: z.array(
    z.object({
      id: z.number(),
      side: z.enum(KYC_SIDES),
      type: z.enum(KYC_TYPES),
      size: z.number(),
      sentAt: z.string(),
    }),
  ),
});
export type KycCase = z.infer<typeof kycCaseSchema>;
export const kycQueueSchema = z.object({ list: z.array(kycCaseSchema), total: z.number() });

/**
 * The documents the reviewer saw, by id: a decision covers exactly those, and is refused if the
 * player sent another file meanwhile (red-team review: a front swapped after viewing was approved).
 */
const shownDocuments = z.array(z.int().check(z.positive())).check(z.minLength(1), z.maxLength(3));

/** `POST /api/admin/kyc/{userId}/approve`. */
export const kycApproveSchema = z.strictObject({ documents: shownDocuments });
/** `POST /api/admin/kyc/{userId}/reject`: the player reads the reason, so it must say something. */
export const kycRejectSchema = z.strictObject({
  reason: z.prefault(reasonText(5, 200), ''),
  documents: shownDocuments,
});
