import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { auth, buildTestApp, call, CAPTCHA, captcha, registerPlayer, type Player } from './helpers';
import { verifyAuditChain } from '../../server/platform/audit-trail';

let app: FastifyInstance;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

function open(token: string): Promise<Socket> {
  const socket = connect(origin, {
    path: '/gamecenter-siop',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

interface Pushed {
  id: number;
  author: string;
  text: string;
  createdAt: string;
}
/** The next `support.message` the socket receives; fails after 3 s without one. */
const next = (s: Socket) =>
  new Promise<Pushed>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no support.message pushed')), 3000);
    s.once('support.message', (m: Pushed) => {
      clearTimeout(timer);
      resolve(m);
    });
  });

async function operatorToken(username = 'operador') {
  const res = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, pwd: 'Operador#Seguro2026' },
  });
  expect(res.code, res.body.message).toBe(200);
  return res.body.data.access_token as string;
}

async function operatorWithRole(role: 'support' | 'finance') {
  const admin = await operatorToken();
  const username = `atendente_${role}_${Date.now()}`;
  const created = await call(app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: auth(admin),
    payload: { username, pwd: 'Operador#Seguro2026', role },
  });
  expect(created.code).toBe(200);
  return operatorToken(username);
}

const say = (player: Player, text: unknown) =>
  call(app, {
    method: 'POST',
    url: '/api/app/support/message',
    headers: auth(player.token),
    payload: { text },
  });

describe('support chat', () => {
  it("tells when an answer may be expected: the configured promise, then the operators' median", async () => {
    const player = await registerPlayer(app);
    const ask = async () =>
      (await call(app, { method: 'GET', url: '/api/app/support/replyTime', headers: auth(player.token) }))
        .body.data;
    // Too few answers in the last week to measure: the configuration's 15 minutes.
    await app.ctx.db.deleteFrom('support_messages').execute();
    expect(await ask()).toEqual({ minutes: 15, measured: false });

    // Five conversations answered after 8, 4, 6, 30 and 600 minutes (the last one left overnight);
    // the first had a second player message a minute before the answer, and the wait counts from
    // the first (from the last, the median would be 6). One answered last month after a minute no
    // longer counts (with it, the median would be 7).
    const db = app.ctx.db;
    const operatorId = (await db.selectFrom('operators').select('id').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const conversations = [
      { answeredAgo: 1000, waits: [8, 1] },
      { answeredAgo: 1000, waits: [4] },
      { answeredAgo: 1000, waits: [6] },
      { answeredAgo: 1000, waits: [30] },
      { answeredAgo: 1000, waits: [600] },
      { answeredAgo: 40 * 24 * 60, waits: [1] },
    ];
    for (const { answeredAgo, waits } of conversations) {
      const someone = await registerPlayer(app);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', someone.email)
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('support_conversations')
        .values({ user_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const wait of waits)
        await db
          .insertInto('support_messages')
          .values({
            conversation_id: id,
            author: 'player',
            operator_id: null,
            text: 'x',
            created_at: at(answeredAgo + wait),
          })
          .execute();
      await db
        .insertInto('support_messages')
        .values({
          conversation_id: id,
          author: 'operator',
          operator_id: operatorId,
          text: 'y',
          created_at: at(answeredAgo),
        })
        .execute();
    }
    // The estimate is kept a minute per instance (one query a minute, however many players ask).
    expect(await ask()).toEqual({ minutes: 15, measured: false });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(await ask()).toEqual({ minutes: 8, measured: true });
    } finally {
      clock.mockRestore();
    }
    expect((await call(app, { method: 'GET', url: '/api/app/support/replyTime' })).code, 'players only').toBe(
      401,
    );
  });

  it('stores a player message, pushes it to the player, and the operator answers live', async () => {
    const player = await registerPlayer(app);
    const socket = await open(player.token);
    const pushed = next(socket);
    const sent = await say(player, '  Meu depósito via PIX não caiu, pode verificar?  ');
    expect(sent.code, sent.body.message).toBe(200);
    expect(sent.body.data).toMatchObject({
      author: 'player',
      text: 'Meu depósito via PIX não caiu, pode verificar?',
    });
    expect(await pushed).toEqual(sent.body.data);

    const thread = await call(app, {
      method: 'GET',
      url: '/api/app/support/messages',
      headers: auth(player.token),
    });
    expect(thread.body.data).toEqual([sent.body.data]);

    const support = await operatorWithRole('support');
    const list = await call(app, {
      method: 'GET',
      url: '/api/admin/support/conversations',
      headers: auth(support),
    });
    expect(list.code).toBe(200);
    const mine = list.body.data.find((c: { email: string }) => c.email === player.email);
    expect(mine).toMatchObject({ username: player.email, email: player.email, awaitingReply: true });
    expect(mine.lastMessage).toContain('PIX');
    // Waiting conversations come first.
    expect(list.body.data[0].awaitingReply).toBe(true);

    const detail = await call(app, {
      method: 'GET',
      url: `/api/admin/support/conversations/${mine.id}`,
      headers: auth(support),
    });
    expect(detail.body.data).toMatchObject({ email: player.email, name: 'Maria Silva' });
    expect(detail.body.data.messages.map((m: Pushed) => m.text)).toEqual([
      'Meu depósito via PIX não caiu, pode verificar?',
    ]);

    const answer = next(socket);
    const replied = await call(app, {
      method: 'POST',
      url: `/api/admin/support/conversations/${mine.id}/reply`,
      headers: auth(support),
      payload: { text: 'Olá! Já localizamos o pagamento, o saldo cai em instantes.' },
    });
    expect(replied.code, replied.body.message).toBe(200);
    const live = await answer;
    expect(live).toMatchObject({
      author: 'operator',
      text: 'Olá! Já localizamos o pagamento, o saldo cai em instantes.',
    });

    const after = await call(app, {
      method: 'GET',
      url: '/api/app/support/messages',
      headers: auth(player.token),
    });
    expect(after.body.data.map((m: Pushed) => m.author)).toEqual(['player', 'operator']);
    const relisted = await call(app, {
      method: 'GET',
      url: '/api/admin/support/conversations',
      headers: auth(support),
    });
    expect(relisted.body.data.find((c: { id: number }) => c.id === mine.id).awaitingReply).toBe(false);

    const audit = await app.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'support.reply')
      .execute();
    expect(audit.map((r) => r.object)).toContain(`support:${mine.id}`);
    expect((await verifyAuditChain(app.ctx.db)).problems).toEqual([]);
  });

  it("keeps one player's conversation away from another player", async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    await say(a, 'Mensagem privada da jogadora A');
    const socketB = await open(b.token);
    const seen: unknown[] = [];
    socketB.on('support.message', (m) => seen.push(m));
    const support = await operatorToken();
    const list = await call(app, {
      method: 'GET',
      url: '/api/admin/support/conversations',
      headers: auth(support),
    });
    const convA = list.body.data.find((c: { email: string }) => c.email === a.email);
    await call(app, {
      method: 'POST',
      url: `/api/admin/support/conversations/${convA.id}/reply`,
      headers: auth(support),
      payload: { text: 'Resposta só para A' },
    });
    const threadB = await call(app, {
      method: 'GET',
      url: '/api/app/support/messages',
      headers: auth(b.token),
    });
    expect(threadB.body.data).toEqual([]);
    expect(JSON.stringify(threadB.body)).not.toContain('privada');
    // A player token cannot read the console's view of any conversation.
    const asPlayer = await call(app, {
      method: 'GET',
      url: `/api/admin/support/conversations/${convA.id}`,
      headers: auth(b.token),
    });
    expect(asPlayer.code).toBe(403);
    expect(JSON.stringify(asPlayer.body)).not.toContain('privada');
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
  });

  it('refuses the console to visitors, players and operators without the support role', async () => {
    const player = await registerPlayer(app);
    const visitor = await call(app, { method: 'GET', url: '/api/admin/support/conversations' });
    expect(visitor.code).toBe(401);
    const asPlayer = await call(app, {
      method: 'GET',
      url: '/api/admin/support/conversations',
      headers: auth(player.token),
    });
    expect(asPlayer.code).toBe(403);
    const finance = await operatorWithRole('finance');
    const asFinance = await call(app, {
      method: 'POST',
      url: '/api/admin/support/conversations/1/reply',
      headers: auth(finance),
      payload: { text: 'oi' },
    });
    expect(asFinance.code).toBe(403);
    expect(asFinance.body.message).toBe('Seu perfil de operador não permite esta ação');
  });

  it('refuses empty, oversized and malformed messages with a pt-BR reason and stores nothing', async () => {
    const player = await registerPlayer(app);
    expect((await say(player, '   ')).body.message).toBe('Escreva a sua mensagem');
    const long = await say(player, 'a'.repeat(1001));
    expect(long.code).toBe(400);
    expect(long.body.message).toBe('A mensagem pode ter até 1000 caracteres');
    expect((await say(player, { html: '<b>' })).code).toBe(400);
    const visitor = await call(app, {
      method: 'POST',
      url: '/api/app/support/message',
      payload: { text: 'oi' },
    });
    expect(visitor.code).toBe(401);
    const thread = await call(app, {
      method: 'GET',
      url: '/api/app/support/messages',
      headers: auth(player.token),
    });
    expect(thread.body.data).toEqual([]);
  });

  it('keeps markup as plain text', async () => {
    const player = await registerPlayer(app);
    const res = await say(player, '<img src=x onerror=alert(1)>');
    expect(res.body.data.text).toBe('<img src=x onerror=alert(1)>');
  });

  it('limits a player to 10 messages a minute', async () => {
    const player = await registerPlayer(app);
    for (let i = 0; i < 10; i++) expect((await say(player, `mensagem ${i}`)).code).toBe(200);
    expect((await say(player, 'mais uma')).code).toBe(429);
  });
});

describe('complaints', () => {
  const complaint = {
    subject: 'Saque atrasado',
    text: 'Solicitei um saque há três dias e ainda não recebi o PIX na minha conta.',
    contact: 'reclamante@exemplo.com.br',
  };
  let ip = 10;
  const fromIp = () => `10.0.0.${ip++}`;

  it('files a visitor complaint with the captcha and answers a unique protocol', async () => {
    const remoteAddress = fromIp();
    const file = async () =>
      call(app, {
        method: 'POST',
        url: '/api/app/main/complaint',
        remoteAddress,
        payload: { ...complaint, codeId: await captcha(app), captCode: CAPTCHA },
      });
    const first = await file();
    expect(first.code, first.body.message).toBe(200);
    const second = await file();
    const { protocol } = first.body.data;
    expect(protocol).toMatch(/^TRV-20\d\d-\d{6}$/);
    expect(second.body.data.protocol).not.toBe(protocol);
    expect(first.body.message).toBe(`Reclamação registrada com o protocolo ${protocol}`);
    const rows = await app.ctx.db
      .selectFrom('complaints')
      .selectAll()
      .where('protocol', '=', protocol)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'Saque atrasado',
      contact: complaint.contact,
      status: 'open',
      user_id: null,
    });
  });

  it('refuses a visitor without the captcha and files nothing', async () => {
    const before = await app.ctx.db.selectFrom('complaints').select('id').execute();
    const res = await call(app, {
      method: 'POST',
      url: '/api/app/main/complaint',
      remoteAddress: fromIp(),
      payload: complaint,
    });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Por favor verifique');
    expect(await app.ctx.db.selectFrom('complaints').select('id').execute()).toHaveLength(before.length);
  });

  it('lets a logged-in player file without the captcha, linked to the account', async () => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/app/main/complaint',
      remoteAddress: fromIp(),
      headers: auth(player.token),
      payload: { ...complaint, contact: player.email },
    });
    expect(res.code, res.body.message).toBe(200);
    const row = await app.ctx.db
      .selectFrom('complaints')
      .select('user_id')
      .where('protocol', '=', res.body.data.protocol)
      .executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
  });

  it.each([
    [{ ...complaint, subject: 'a' }, 'Informe o assunto da reclamação (mínimo de 3 caracteres)'],
    [{ ...complaint, text: 'curto' }, 'Descreva o ocorrido com pelo menos 20 caracteres'],
    [{ ...complaint, contact: 'ninguém' }, 'Informe um e-mail ou telefone com DDD para retorno'],
    [{ subject: 'Saque', text: complaint.text }, 'Preencha o campo contato'],
    [{ ...complaint, text: 'x'.repeat(4001) }, 'A descrição pode ter até 4000 caracteres'],
  ])('refuses %o with a pt-BR reason', async (payload, message) => {
    const player = await registerPlayer(app);
    const res = await call(app, {
      method: 'POST',
      url: '/api/app/main/complaint',
      remoteAddress: fromIp(),
      headers: auth(player.token),
      payload,
    });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('limits complaints per address', async () => {
    const player = await registerPlayer(app);
    const remoteAddress = fromIp();
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/app/main/complaint',
        remoteAddress,
        headers: auth(player.token),
        payload: complaint,
      });
      codes.push(res.code);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('operators list and answer complaints; the author sees the answer by protocol and contact only', async () => {
    const player = await registerPlayer(app);
    const filed = await call(app, {
      method: 'POST',
      url: '/api/app/main/complaint',
      remoteAddress: fromIp(),
      headers: auth(player.token),
      payload: { ...complaint, contact: '(11) 98765-4321' },
    });
    const { protocol } = filed.body.data;
    const lookup = (contact: string, p = protocol) =>
      call(app, {
        method: 'GET',
        url: `/api/app/main/complaint/${p}?contact=${encodeURIComponent(contact)}`,
      });
    expect((await lookup('(11) 98765-4321')).body.data).toMatchObject({
      protocol,
      status: 'open',
      answer: null,
    });
    const wrong = await lookup('outra@pessoa.com');
    const unknown = await lookup('(11) 98765-4321', 'TRV-2026-999999');
    expect(wrong.code).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    expect(JSON.stringify(wrong.body)).not.toContain('Saque');

    const support = await operatorWithRole('support');
    const list = await call(app, {
      method: 'GET',
      url: '/api/admin/support/complaints?status=open',
      headers: auth(support),
    });
    const row = list.body.data.find((c: { protocol: string }) => c.protocol === protocol);
    expect(row).toMatchObject({
      subject: 'Saque atrasado',
      contact: '(11) 98765-4321',
      status: 'open',
      player: player.email,
    });
    const answered = await call(app, {
      method: 'POST',
      url: `/api/admin/support/complaints/${row.id}/answer`,
      headers: auth(support),
      payload: { answer: 'Seu saque foi pago hoje às 10h. Pedimos desculpas pela demora.' },
    });
    expect(answered.code, answered.body.message).toBe(200);
    const again = await call(app, {
      method: 'POST',
      url: `/api/admin/support/complaints/${row.id}/answer`,
      headers: auth(support),
      payload: { answer: 'outra' },
    });
    expect(again.code).toBe(409);
    const seen = await lookup('(11)98765-4321');
    expect(seen.body.data).toMatchObject({
      status: 'answered',
      answer: 'Seu saque foi pago hoje às 10h. Pedimos desculpas pela demora.',
    });
    const audit = await app.ctx.db
      .selectFrom('operator_audit')
      .select('object')
      .where('action', '=', 'complaint.answer')
      .execute();
    expect(audit.map((r) => r.object)).toContain(`complaint:${protocol}`);
  });
});
