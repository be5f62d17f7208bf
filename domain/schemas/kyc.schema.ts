import { z } from 'zod';
import { pageParam, reasonText } from './common.schema';

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
});
export type KycState = z.infer<typeof kycStateSchema>;

/** `GET /api/admin/kyc`: the review queue. */
export const kycQueueQuerySchema = z.object({
  review: z.enum(KYC_REVIEWS).default('pending'),
  page: pageParam(10_000, 1),
  size: pageParam(100, 20),
});

export const kycCaseSchema = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  cpf: z.string(),
  birthDate: z.string().nullable(),
  review: z.enum(KYC_REVIEWS),
  reason: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
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
const shownDocuments = z.array(z.number().int().positive()).min(1).max(3);

/** `POST /api/admin/kyc/{userId}/approve`. */
export const kycApproveSchema = z.strictObject({ documents: shownDocuments });
/** `POST /api/admin/kyc/{userId}/reject`: the player reads the reason, so it must say something. */
export const kycRejectSchema = z.strictObject({
  reason: reasonText(5, 200).prefault(''),
  documents: shownDocuments,
});
