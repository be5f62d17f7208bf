import { existsSync, statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, completeKyc, fundedPlayer, operatorAuth, type Player } from './helpers';
import { KYC_MAX_BYTES } from '../../domain/schemas/kyc.schema';

/**
 * Identity documents (issue 19): the player sends front, back and a selfie from the identity form;
 * the files live outside the database with size and type limits; the console's review queue
 * approves or refuses with a reason; a withdrawal above `withdraw.documentsAbove` waits for it.
 */
let app: FastifyInstance;
let opAuth: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp({}, { TREVO_TURNOVER_MAIN: '0', TEST_DOCUMENTS_GATE: '1' });
  opAuth = await operatorAuth(app);
});
afterAll(async () => {
  await app.close();
});

const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 7, 7, 7,
]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% documento de teste\n');

const upload = (player: Player, side: string, bytes: Uint8Array | string, type = 'image/jpeg') =>
  call(app, {
    method: 'PUT',
    url: `/api/app/user/kyc/documents/${side}`,
    headers: { ...auth(player.token), 'content-type': type },
    payload: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
const state = async (player: Player) =>
  (await call(app, { method: 'GET', url: '/api/app/user/kyc/documents', headers: auth(player.token) })).body
    .data;
const queue = async (review = 'pending') =>
  (await call(app, { method: 'GET', url: `/api/admin/kyc?review=${review}&size=100`, headers: opAuth })).body
    .data as {
    list: Array<{
      userId: number;
      review: string;
      reason: string;
      documents: Array<{ id: number; side: string; type: string }>;
    }>;
  };

/** The ids of the documents a reviewer sees for `userId` now. */
const shown = async (userId: number) =>
  (await queue()).list.find((c) => c.userId === userId)?.documents.map((d) => d.id) ?? [];
const approve = async (userId: number, documents?: number[]) =>
  call(app, {
    method: 'POST',
    url: `/api/admin/kyc/${userId}/approve`,
    headers: opAuth,
    payload: { documents: documents ?? (await shown(userId)) },
  });

async function playerWithSet() {
  const player = await fundedPlayer(app, 12_000);
  await completeKyc(app, player);
  expect((await upload(player, 'front', JPEG)).code).toBe(200);
  expect((await upload(player, 'back', PNG, 'image/png')).code).toBe(200);
  const last = await upload(player, 'selfie', PDF, 'application/pdf');
  expect(last.code, last.body.message).toBe(200);
  return player;
}

describe('sending identity documents', () => {
  it('asks for the identity form first, then keeps each side as a file outside the database', async () => {
    const player = await fundedPlayer(app, 0);
    const early = await upload(player, 'front', JPEG);
    expect(early.code).toBe(400);
    expect(early.body.message).toBe('Preencha nome e CPF antes de enviar documentos');

    await completeKyc(app, player);
    const sent = await upload(player, 'front', JPEG);
    expect(sent.code).toBe(200);
    expect(sent.body.message).toBe('Documento recebido; avisaremos quando for analisado');
    expect(sent.body.data).toMatchObject({
      review: 'none',
      documents: [{ side: 'front', type: 'image/jpeg', size: JPEG.length }],
    });

    const row = await app.ctx.db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    const path = join(app.ctx.config.kycDir, row.file_name);
    expect(new Uint8Array(readFileSync(path))).toEqual(JPEG);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(row.file_name).toMatch(new RegExp(`^${player.userId}/front-[0-9a-f]{24}\\.jpg$`));
  });

  it('refuses what is not a JPG, PNG or PDF by its bytes, a type that lies, an empty or oversized file, a bad side', async () => {
    const player = await fundedPlayer(app, 0);
    await completeKyc(app, player);
    const cases: Array<[string, Uint8Array | string, string, number, string]> = [
      [
        'front',
        new TextEncoder().encode('<svg onload=alert(1)>'),
        'image/jpeg',
        400,
        'Envie uma foto JPG ou PNG, ou um PDF',
      ],
      ['front', PNG, 'image/jpeg', 400, 'Envie uma foto JPG ou PNG, ou um PDF'],
      ['front', '{"a":1}', 'application/json', 400, 'Envie uma foto JPG ou PNG, ou um PDF'],
      ['front', new Uint8Array(), 'image/png', 400, 'O arquivo está vazio'],
      ['verso', JPEG, 'image/jpeg', 400, 'Escolha a frente, o verso ou a selfie com o documento'],
    ];
    for (const [side, bytes, type, code, message] of cases) {
      const res = await upload(player, side, bytes, type);
      expect(res.code, `${side} ${type}`).toBe(code);
      expect(res.body.message).toBe(message);
    }
    const big = new Uint8Array(KYC_MAX_BYTES + 1);
    big.set(JPEG);
    const tooBig = await upload(player, 'front', big);
    expect(tooBig.code).toBe(400);
    expect(tooBig.body.message).toBe('Arquivo grande demais: envie até 6 MB');
    expect((await state(player)).documents).toEqual([]);
  });
});

describe('the review', () => {
  it('a complete set waits; a refusal reaches the player with its reason; a side sent again waits again; approval opens large withdrawals', async () => {
    const player = await playerWithSet();
    expect((await state(player)).review).toBe('pending');
    const waiting = (await queue()).list.find((c) => c.userId === player.userId)!;
    expect(waiting.documents.map((d) => d.side).sort()).toEqual(['back', 'front', 'selfie']);

    // the reviewer sees the file, and the viewing is audited
    const front = waiting.documents.find((d) => d.side === 'front')!;
    const file = await app.inject({
      method: 'GET',
      url: `/api/admin/kyc/documents/${front.id}`,
      headers: opAuth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(new Uint8Array(file.rawPayload)).toEqual(JPEG);
    const viewed = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `kyc_document:${front.id}`)
      .execute();
    expect(viewed.map((v) => v.action)).toEqual(['kyc.view']);

    // above R$ 5.000 (the default) a withdrawal waits for the documents
    const withdraw = (amount: number, key: string) =>
      call(app, {
        method: 'POST',
        url: '/api/app/order/withdraw',
        headers: { ...auth(player.token), 'idempotency-key': key },
        payload: {
          payCardBank: 'CPF',
          payCardNo: player.cpf,
          name: 'Maria Silva',
          whatsapp: '11987654321',
          amount,
        },
      });
    const early = await withdraw(5_500, `kyc-w1-${player.userId}`);
    expect(early.code).toBe(400);
    expect(early.body.message).toBe(
      'Para sacar mais de R$ 5000, envie seus documentos em Conta e aguarde a aprovação',
    );

    const bare = await call(app, {
      method: 'POST',
      url: `/api/admin/kyc/${player.userId}/reject`,
      headers: opAuth,
      payload: {},
    });
    expect(bare.code).toBe(400);
    expect(bare.body.message).toBe('Informe o motivo (ao menos 5 letras)');
    const refused = await call(app, {
      method: 'POST',
      url: `/api/admin/kyc/${player.userId}/reject`,
      headers: opAuth,
      payload: { reason: 'Selfie sem o documento visível', documents: await shown(player.userId) },
    });
    expect(refused.code).toBe(200);
    expect(await state(player)).toMatchObject({
      review: 'rejected',
      reason: 'Selfie sem o documento visível',
    });
    expect((await upload(player, 'selfie', JPEG)).body.data.review).toBe('pending');

    const approved = await approve(player.userId);
    expect(approved.code).toBe(200);
    expect(await state(player)).toMatchObject({ review: 'approved', reason: '' });
    const approvedSet = (await queue('approved')).list
      .find((c) => c.userId === player.userId)!
      .documents.map((d) => d.id);
    const again = await approve(player.userId, approvedSet);
    expect(again.code).toBe(409);
    const late = await upload(player, 'front', JPEG);
    expect(late.code).toBe(409);
    expect(late.body.message).toBe('Seus documentos já foram aprovados');

    const ok = await withdraw(5_500, `kyc-w2-${player.userId}`);
    expect(ok.code, ok.body.message).toBe(200);
    const audit = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `player:${player.userId}`)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.reject', 'kyc.approve']);
  });

  it('an incomplete set cannot be decided; two reviewers at once make one decision', async () => {
    const partial = await fundedPlayer(app, 0);
    await completeKyc(app, partial);
    await upload(partial, 'front', JPEG);
    const partialIds = (
      await app.ctx.db
        .selectFrom('kyc_documents')
        .select('id')
        .where('user_id', '=', partial.userId)
        .execute()
    ).map((d) => d.id);
    const early = await approve(partial.userId, partialIds);
    expect(early.code).toBe(409);

    const player = await playerWithSet();
    const ids = await shown(player.userId);
    const answers = await Promise.all([
      approve(player.userId, ids),
      call(app, {
        method: 'POST',
        url: `/api/admin/kyc/${player.userId}/reject`,
        headers: opAuth,
        payload: { reason: 'Documento ilegível', documents: ids },
      }),
      approve(player.userId, ids),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409]);
    const decisions = await app.ctx.db
      .selectFrom('operator_audit')
      .select('action')
      .where('object', '=', `player:${player.userId}`)
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it('a document id that is not there is a 404, and a player cannot read the queue or a file', async () => {
    expect(
      (await call(app, { method: 'GET', url: '/api/admin/kyc/documents/999999', headers: opAuth })).code,
    ).toBe(404);
    const player = await playerWithSet();
    const doc = (await queue()).list.find((c) => c.userId === player.userId)!.documents[0]!;
    expect(
      (
        await call(app, {
          method: 'GET',
          url: `/api/admin/kyc/documents/${doc.id}`,
          headers: auth(player.token),
        })
      ).code,
    ).toBe(403);
    expect(
      (await call(app, { method: 'GET', url: '/api/admin/kyc', headers: auth(player.token) })).code,
    ).toBe(403);
  });
});

describe('what the red-team review tried', () => {
  it('a file sent after the reviewer looked makes the decision 409; the new set must be seen first', async () => {
    const player = await playerWithSet();
    const seen = await shown(player.userId);
    expect((await upload(player, 'front', PNG, 'image/png')).code).toBe(200);
    const stale = await approve(player.userId, seen);
    expect(stale.code).toBe(409);
    expect(stale.body.message).toBe(
      'O jogador enviou outro arquivo enquanto você analisava; veja os documentos de novo',
    );
    expect((await state(player)).review).toBe('pending');
    expect((await approve(player.userId)).code).toBe(200);
    // the replaced front's file is gone from the folder; the three current ones remain
    const files = await app.ctx.db
      .selectFrom('kyc_documents')
      .select(['file_name', 'replaced_at'])
      .where('user_id', '=', player.userId)
      .execute();
    for (const f of files)
      expect(existsSync(join(app.ctx.config.kycDir, f.file_name))).toBe(f.replaced_at === null);
  });

  it('an upload racing an approval never lands after it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const player = await playerWithSet();
      const ids = await shown(player.userId);
      const [decision, late] = await Promise.all([
        approve(player.userId, ids),
        upload(player, 'front', JPEG),
      ]);
      const review = (await state(player)).review;
      if (decision.code === 200) {
        expect(review).toBe('approved');
        // either the upload came first (and the approval then saw another set: impossible, it was 200)
        // or it came after and was refused
        expect(late.code).toBe(409);
      } else {
        expect(decision.body.message).toBe(
          'O jogador enviou outro arquivo enquanto você analisava; veja os documentos de novo',
        );
        expect(late.code).toBe(200);
      }
    }
  });

  it('name and document are fixed while the documents are in review or approved', async () => {
    const player = await playerWithSet();
    const change = await call(app, {
      method: 'POST',
      url: '/api/app/user/updateKyc',
      headers: auth(player.token),
      payload: { name: 'Empresa Laranja Ltda', cardNo: '11.222.333/0001-81' },
    });
    expect(change.code).toBe(409);
    expect(change.body.message).toBe(
      'Seus documentos estão em análise ou aprovados com estes dados; fale com o atendimento para mudá-los',
    );
    // the same data again is fine
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/api/app/user/updateKyc',
          headers: auth(player.token),
          payload: { name: 'Maria Silva', cardNo: player.cpf },
        })
      ).code,
    ).toBe(200);
  });

  it('the gate counts a day: pieces under the amount and transfers sent add up', async () => {
    const player = await fundedPlayer(app, 12_000);
    await completeKyc(app, player);
    const withdraw = (amount: number, key: string) =>
      call(app, {
        method: 'POST',
        url: '/api/app/order/withdraw',
        headers: { ...auth(player.token), 'idempotency-key': key },
        payload: {
          payCardBank: 'CPF',
          payCardNo: player.cpf,
          name: 'Maria Silva',
          whatsapp: '11987654321',
          amount,
        },
      });
    expect((await withdraw(3_000, `gate-1-${player.userId}`)).code).toBe(200);
    await app.ctx.db
      .insertInto('transfers')
      .values({
        id: `gate-t-${player.userId}`,
        from_user_id: player.userId,
        to_user_id: player.userId,
        amount_cents: 150_000,
      })
      .execute();
    const third = await withdraw(600, `gate-2-${player.userId}`);
    expect(third.code).toBe(400);
    expect(third.body.message).toBe(
      'Para sacar mais de R$ 5000, envie seus documentos em Conta e aguarde a aprovação',
    );
    expect((await withdraw(500, `gate-3-${player.userId}`)).code).toBe(200);
  });

  it('past 20 uploads an hour the next is refused before its body is read', async () => {
    const player = await fundedPlayer(app, 0);
    await completeKyc(app, player);
    for (let i = 0; i < 20; i += 1) expect((await upload(player, 'front', JPEG)).code).toBe(200);
    const refused = await upload(player, 'front', JPEG);
    expect(refused.code).toBe(429);
    const kept = await app.ctx.db
      .selectFrom('kyc_documents')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(kept).toHaveLength(20);
  });

  it('served files cannot run as a page of the console', async () => {
    const player = await playerWithSet();
    const id = (await shown(player.userId))[0]!;
    const file = await app.inject({ method: 'GET', url: `/api/admin/kyc/documents/${id}`, headers: opAuth });
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
