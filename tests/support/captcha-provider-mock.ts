import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { randomBytes } from 'node:crypto';

/**
 * A local stand-in for a hosted challenge's siteverify endpoint (Cloudflare Turnstile's and
 * hCaptcha's documented contract): a form-encoded POST of `secret`, `response` and `remoteip`,
 * answered with JSON `success`, `hostname` and `error-codes`. Tokens are issued by the test (as a
 * person solving the widget would get one) and are good once, as the providers make them.
 */
export interface CaptchaProviderMock {
  url: string;
  secret: string;
  /** A token a person got by solving the widget on `hostname`. */
  solve(hostname?: string): string;
  /** Every verification request received, as sent. */
  requests: Array<{ contentType: string | undefined; fields: Record<string, string> }>;
  /** The next `n` requests get no answer (the provider is down). */
  goDown(n: number): void;
  close(): Promise<void>;
}

export async function startCaptchaProviderMock(defaultHostname: string): Promise<CaptchaProviderMock> {
  const secret = `0x${randomBytes(12).toString('hex')}`;
  const issued = new Map<string, string>();
  const spent = new Set<string>();
  const requests: CaptchaProviderMock['requests'] = [];
  let down = 0;
  const app = Fastify();
  await app.register(formbody);
  app.post('/siteverify', async (request, reply) => {
    const fields = request.body as Record<string, string>;
    requests.push({ contentType: request.headers['content-type'], fields });
    if (down > 0) {
      down--;
      return reply.code(502).send('bad gateway');
    }
    if (fields.secret !== secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const token = fields.response ?? '';
    if (spent.has(token)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    const hostname = issued.get(token);
    if (!hostname) return { success: false, 'error-codes': ['invalid-input-response'] };
    spent.add(token);
    return { success: true, hostname, challenge_ts: new Date().toISOString(), 'error-codes': [] };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `${address}/siteverify`,
    secret,
    solve(hostname = defaultHostname) {
      const token = `0.${randomBytes(48).toString('base64url')}`;
      issued.set(token, hostname);
      return token;
    },
    requests,
    goDown(n) {
      down = n;
    },
    close: () => app.close(),
  };
}
