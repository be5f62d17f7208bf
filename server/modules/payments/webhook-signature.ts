import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures in the common PSP form `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`,
 * accepted within a five-minute tolerance and compared in constant time.
 */
export const SIGNATURE_HEADER = 'x-pix-signature';
export const TOLERANCE_SECONDS = 300;

export function signWebhook(
  secret: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret).update(`${nowSeconds}.${body}`).digest('hex');
  return `t=${nowSeconds},v1=${mac}`;
}

export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (
    !Number.isInteger(t) ||
    Math.abs(nowSeconds - t) > TOLERANCE_SECONDS ||
    !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')
  ) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'));
}
