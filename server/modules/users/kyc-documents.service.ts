import { lockPlayer } from '../../platform/money/lock-order';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AppContext } from '../../platform/context';
import { recordAudit, type AuditEntry } from '../../platform/audit-trail';
import { AppError, badRequest, notFound } from '../../infra/http/errors';
import {
  KYC_MAX_BYTES,
  KYC_SIDES,
  type KycAddress,
  type KycCase,
  type KycReview,
  type KycSide,
  type KycState,
  type KycType,
} from '../../../domain/schemas/kyc.schema';
import {
  addressGateOf,
  addressOf,
  currentDocuments,
  findDocument,
  insertDocument,
  kycCases,
  markReviewPending,
  reviewStateOf,
  setReview,
  uploadGateOf,
  writeAddress,
} from './kyc.repository';

/** A file's type from its first bytes; the type a client declares is only believed when they agree. */
export function sniffType(bytes: Uint8Array): KycType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

const EXTENSION: Record<KycType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The absolute path of a stored file, refusing any name that would leave the folder. */
function pathOf(ctx: AppContext, fileName: string): string {
  const root = resolve(ctx.config.kycDir);
  const path = resolve(root, fileName);
  if (!path.startsWith(root + sep)) throw notFound();
  return path;
}

/**
 * Keeps one side of the player's identity documents: checked (size, type by its bytes), written to
 * TREVO_KYC_DIR under a random name readable only by the server's user, then recorded; the side
 * sent before is marked replaced. Once the three sides are there the set waits for review.
 */
export async function storeDocument(
  ctx: AppContext,
  userId: number,
  side: KycSide,
  declared: string | undefined,
  bytes: Uint8Array,
): Promise<KycState> {
  const user = await uploadGateOf(ctx.db, userId);
  if (user.kyc !== 1 || user.test_flag === 1) throw badRequest('kycIdentityFirst');
  if (user.kyc_review === 'approved') throw new AppError(409, 'kycAlreadyApproved');
  if (bytes.length === 0) throw badRequest('kycFileEmpty');
  if (bytes.length > KYC_MAX_BYTES) throw badRequest('kycFileTooLarge', { mb: KYC_MAX_BYTES / 1024 / 1024 });
  const type = sniffType(bytes);
  if (!type || (declared !== undefined && declared !== type)) throw badRequest('kycFileType');

  const fileName = `${userId}/${side}-${randomBytes(12).toString('hex')}.${EXTENSION[type]}`;
  const path = pathOf(ctx, fileName);
  let replaced: string[];
  try {
    await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
    replaced = await ctx.db.transaction().execute(async (trx) => {
      // The player's row first: two uploads at once cannot both see the set incomplete, and an
      // approval decided meanwhile is seen here (red-team review: a file landed after approval).
      const locked = await lockPlayer(trx, userId, ['kyc_review']);
      if (locked.kyc_review === 'approved') throw new AppError(409, 'kycAlreadyApproved');
      const gone = await insertDocument(trx, {
        user_id: userId,
        side,
        file_name: fileName,
        mime: type,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      const sides = new Set((await currentDocuments(trx, userId)).map((d) => d.side));
      if (KYC_SIDES.every((s) => sides.has(s))) await markReviewPending(trx, userId);
      return gone;
    });
  } catch (err) {
    // Nothing half-written stays behind: a full disk or a refused transaction leaves no file.
    await rm(path, { force: true });
    throw err;
  }
  // A side sent again replaces the file: the old one is no one's to review any more.
  for (const name of replaced) await rm(pathOf(ctx, name), { force: true });
  return kycState(ctx, userId);
}

/** What the identity form shows: the review, its reason, and the side sent last of each. */
export async function kycState(ctx: AppContext, userId: number): Promise<KycState> {
  const user = await reviewStateOf(ctx.db, userId);
  const documents = await currentDocuments(ctx.db, userId);
  return {
    review: user.kyc_review,
    reason: user.kyc_review === 'rejected' ? user.kyc_review_reason : '',
    documents: documents.map((d) => ({
      side: d.side,
      type: d.mime,
      size: d.size_bytes,
      sentAt: new Date(d.created_at).toISOString(),
    })),
    requiredAbove: ctx.config.file.withdraw.documentsAbove,
    address: addressOf(user),
  };
}

/**
 * Keeps the player's home address, and every address given in their history (the multi-accounting
 * rule reads 90 days of it). It may change (people move), and a change after an approval does not
 * reopen the review: the documents prove who the player is, not where they live.
 */
export async function saveAddress(
  ctx: AppContext,
  userId: number,
  address: KycAddress,
  ip: string,
): Promise<KycState> {
  const user = await addressGateOf(ctx.db, userId);
  if (user.kyc !== 1 || user.test_flag === 1) throw badRequest('addressIdentityFirst');
  await ctx.db.transaction().execute((trx) => writeAddress(trx, userId, address, ip));
  return kycState(ctx, userId);
}

/** The review queue (or the players in another review state), oldest pending first. */
export async function kycQueue(ctx: AppContext, review: KycReview, page: number, size: number) {
  const { rows, total, documents } = await kycCases(ctx.db, review, page, size);
  const list: KycCase[] = rows.map((r) => ({
    userId: r.id,
    username: r.username,
    name: r.kyc_name ?? r.name,
    cpf: r.cpf,
    birthDate: r.birth_date,
    address: addressOf(r),
    review: r.kyc_review,
    reason: r.kyc_review_reason,
    reviewedBy: r.reviewer,
    reviewedAt: r.kyc_reviewed_at ? new Date(r.kyc_reviewed_at).toISOString() : null,
    documents: documents
      .filter((d) => d.user_id === r.id)
      .map((d) => ({
        id: d.id,
        side: d.side,
        type: d.mime,
        size: d.size_bytes,
        sentAt: new Date(d.created_at).toISOString(),
      })),
  }));
  return { list, total };
}

/** A stored document for an operator's eyes (the viewing is audited): its type and where its bytes are. */
export async function documentFile(ctx: AppContext, id: number, audit: AuditEntry) {
  const doc = await findDocument(ctx.db, id);
  if (!doc) throw notFound();
  const path = pathOf(ctx, doc.file_name);
  await ctx.db.transaction().execute((trx) => recordAudit(trx, audit));
  return { type: doc.mime, path };
}

/**
 * An operator's decision on a pending set, with its audit entry in the same transaction; only a
 * pending set is decided (two reviewers at once: one decision, the other 409), and only the set
 * the reviewer saw (`shown`: its document ids) — a file sent meanwhile makes it 409.
 */
export async function decideKyc(
  ctx: AppContext,
  decision: { userId: number; operatorId: number; review: 'approved' | 'rejected'; reason: string },
  shown: number[],
  audit: AuditEntry,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, decision.userId);
    const current = (await currentDocuments(trx, decision.userId)).map((d) => d.id).sort((a, b) => a - b);
    const seen = [...new Set(shown)].sort((a, b) => a - b);
    if (current.join(',') !== seen.join(',')) throw new AppError(409, 'kycSetChanged');
    const done = await setReview(trx, decision.userId, decision.operatorId, decision.review, decision.reason);
    if (!done) throw new AppError(409, 'kycNotPending');
    await recordAudit(trx, audit);
  });
}
