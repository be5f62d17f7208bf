import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildDynamicBrCode } from '../../domain/pix';

/**
 * A local stand-in for a PSP that speaks the Banco Central's API Pix, enough for the adapter
 * contract tests: OAuth2 client credentials, `PUT/GET /cob/{txid}`, refunds, and the usual payout
 * calls. Test controls (`pay`, `expire`, `failNextPayout`) play the payer's bank.
 */
interface Cob {
  txid: string;
  status: string;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  pixCopiaECola: string;
  pix?: Array<{
    endToEndId: string;
    txid: string;
    valor: string;
    horario: string;
    gnExtras: { pagador: { cpf: string } };
  }>;
}

export interface BcbPixMock {
  url: string;
  clientId: string;
  clientSecret: string;
  pay(txid: string, payerCpf: string): void;
  expire(txid: string): void;
  failNextPayout(): void;
  refunds: Array<{ e2eid: string; id: string; valor: string }>;
  close(): Promise<void>;
}

export async function startBcbPixMock(payoutDelayMs = 0): Promise<BcbPixMock> {
  const clientId = 'trevo-client';
  const clientSecret = randomBytes(8).toString('hex');
  const token = randomBytes(16).toString('hex');
  const cobs = new Map<string, Cob>();
  const payouts = new Map<string, { idEnvio: string; status: string; settlesAt: number; valor: string }>();
  const refunds: BcbPixMock['refunds'] = [];
  let failNext = false;
  const app: FastifyInstance = Fastify();

  app.post('/oauth/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return reply.code(401).send({ title: 'Não autorizado' });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'cob.write cob.read pix.read pix.write',
    };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/oauth/token') return;
    if (request.headers.authorization !== `Bearer ${token}`)
      return reply.code(401).send({ title: 'Não autorizado' });
  });

  app.put<{
    Params: { txid: string };
    Body: { calendario: { expiracao: number }; valor: { original: string }; chave: string };
  }>('/cob/:txid', async (request, reply) => {
    const { txid } = request.params;
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
      return reply.code(400).send({ title: 'Cobrança inválida', detail: 'txid' });
    const existing = cobs.get(txid);
    if (existing) return reply.code(200).send(existing);
    const cob: Cob = {
      txid,
      status: 'ATIVA',
      calendario: { criacao: new Date().toISOString(), expiracao: request.body.calendario.expiracao },
      valor: request.body.valor,
      chave: request.body.chave,
      pixCopiaECola: buildDynamicBrCode({
        location: `pix.psp.example/qr/v2/${txid}`,
        merchantName: 'Trevo',
        merchantCity: 'Sao Paulo',
      }),
    };
    cobs.set(txid, cob);
    return reply.code(201).send(cob);
  });

  app.get<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    const cob = cobs.get(request.params.txid);
    return cob ? cob : reply.code(404).send({ title: 'Cobrança não encontrada' });
  });

  app.put<{ Params: { e2eid: string; id: string }; Body: { valor: string } }>(
    '/pix/:e2eid/devolucao/:id',
    async (request, reply) => {
      if (!refunds.some((r) => r.id === request.params.id)) {
        refunds.push({ e2eid: request.params.e2eid, id: request.params.id, valor: request.body.valor });
      }
      return reply.code(201).send({ id: request.params.id, status: 'EM_PROCESSAMENTO' });
    },
  );

  app.put<{ Params: { id: string }; Body: { valor: string } }>('/gn/pix/:id', async (request, reply) => {
    let payout = payouts.get(request.params.id);
    if (!payout) {
      payout = {
        idEnvio: request.params.id,
        status: failNext ? 'NAO_REALIZADO' : 'EM_PROCESSAMENTO',
        settlesAt: Date.now() + payoutDelayMs,
        valor: request.body.valor,
      };
      failNext = false;
      payouts.set(request.params.id, payout);
    }
    return reply.code(201).send({ idEnvio: payout.idEnvio, status: payout.status });
  });

  app.get<{ Params: { id: string } }>('/gn/pix/enviados/id-envio/:id', async (request, reply) => {
    const payout = payouts.get(request.params.id);
    if (!payout) return reply.code(404).send({ title: 'Não encontrado' });
    if (payout.status === 'EM_PROCESSAMENTO' && payout.settlesAt <= Date.now()) payout.status = 'REALIZADO';
    return { idEnvio: payout.idEnvio, status: payout.status };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    refunds,
    pay(txid, payerCpf) {
      const cob = cobs.get(txid);
      if (!cob || cob.status !== 'ATIVA') throw new Error('cob not payable');
      cob.status = 'CONCLUIDA';
      cob.pix = [
        {
          endToEndId: `E12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11)}`,
          txid,
          valor: cob.valor.original,
          horario: new Date().toISOString(),
          gnExtras: { pagador: { cpf: payerCpf } },
        },
      ];
    },
    expire(txid) {
      const cob = cobs.get(txid);
      if (cob) cob.status = 'REMOVIDA_PELO_PSP';
    },
    failNextPayout() {
      failNext = true;
    },
    close: () => app.close(),
  };
}
