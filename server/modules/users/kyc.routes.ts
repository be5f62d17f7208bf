import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { allow, PLAYER } from '../../platform/access';
import { throttle } from '../../platform/throttle';
import { badRequest, parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import {
  KYC_MAX_BYTES,
  KYC_TYPES,
  kycAddressSchema,
  kycSideParams,
  kycStateSchema,
} from '../../../domain/schemas/kyc.schema';
import { kycState, saveAddress, storeDocument } from './kyc-documents.service';

/** Address saves one player may make in a day (a typo fixed, a move). */
const ADDRESS_CHANGES_PER_DAY = 5;

/** Uploads one player may make in an hour (three sides, retakes included). */
const UPLOADS_PER_HOUR = 20;

/**
 * The identity documents a player sends from the identity form (issue 19). A file is the request's
 * body as it is (`Content-Type` image/jpeg, image/png or application/pdf), so no form encoding or
 * upload library is involved; only this scope parses those types, with its own size limit.
 */
export async function kycRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addContentTypeParser(
    [...KYC_TYPES],
    { parseAs: 'buffer', bodyLimit: KYC_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/app/user/kyc/documents',
    allow(PLAYER, { response: kycStateSchema }),
    async (request, reply) => ok(request, reply, await kycState(ctx, request.session!.subjectId)),
  );

  app.put<{ Params: { side: string } }>(
    '/api/app/user/kyc/documents/:side',
    {
      ...allow(PLAYER, { params: kycSideParams, response: kycStateSchema }),
      bodyLimit: KYC_MAX_BYTES + 1,
      // Counted before the body is read: a player over the limit never makes the server take in
      // another 6 MB (red-team review). The access guard has resolved the session by now.
      onRequest: async (request) => {
        await throttle(ctx, `kyc-upload:${request.session!.subjectId}`, {
          max: UPLOADS_PER_HOUR,
          windowMs: 3_600_000,
        });
      },
    },
    async (request, reply) => {
      const { side } = parseInput(kycSideParams, request.params);
      const userId = request.session!.subjectId;
      // A body of another type (JSON, a form) is not a file.
      if (!(request.body instanceof Uint8Array)) throw badRequest('kycFileType');
      const bytes = request.body;
      const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const state = await storeDocument(ctx, userId, side, declared || undefined, bytes);
      return ok(request, reply, state, 'kycSent');
    },
  );

  app.put(
    '/api/app/user/kyc/address',
    allow(PLAYER, { body: kycAddressSchema, response: kycStateSchema }),
    async (request, reply) => {
      const address = parseInput(kycAddressSchema, request.body);
      const userId = request.session!.subjectId;
      // People move a few times in their lives, not a day (red-team review: a thousand rewrites in
      // a row, two accounts taking turns with one address between scans).
      await throttle(ctx, `kyc-address:${userId}`, { max: ADDRESS_CHANGES_PER_DAY, windowMs: 86_400_000 });
      return ok(request, reply, await saveAddress(ctx, userId, address, request.ip), 'addressSaved');
    },
  );
}
