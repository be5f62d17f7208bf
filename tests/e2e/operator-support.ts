import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The bootstrap operator of playwright.config.ts and how the console specs sign it in. */
export const OPERATOR = { username: 'operador', pwd: 'Operador#E2e2026' };

/** The operator's TOTP secret once enrolled, for the specs that run after the enrolment. */
export const SECRET_FILE = '.tmp/e2e-operator-totp.txt';

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), written out here so the tests do not trust the server's. */
export function totp(secretBase32: string, nowMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The operator's TOTP secret: enrolled now when this server has not seen an enrolment yet, else the
 * one recorded by the spec that enrolled it.
 */
export async function operatorSecret(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/auth/totp/enrol', { data: OPERATOR });
  if (res.status() === 409) {
    expect(existsSync(SECRET_FILE), 'the operator enrolled without recording its secret').toBe(true);
    return readFileSync(SECRET_FILE, 'utf8').trim();
  }
  const body = (await res.json()) as { data: { secret: string } };
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(SECRET_FILE, body.data.secret);
  return body.data.secret;
}

/**
 * A session token of the bootstrap operator through the API; a code already used in this 30 s step
 * (by another spec) is refused as a replay, so the second attempt waits for the next step.
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const secret = await operatorSecret(request);
  for (let attempt = 0; ; attempt++) {
    const res = await request.post('/api/admin/auth/login', { data: { ...OPERATOR, totp: totp(secret) } });
    const body = (await res.json()) as { status: number; message: string; data: { access_token: string } };
    if (body.status === 200) return body.data.access_token;
    expect(attempt, body.message).toBe(0);
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
  }
}

/**
 * A new operator with `role`, created by the bootstrap operator as an admin does in the console:
 * it has no authenticator yet, whatever the specs before enrolled.
 */
export async function createOperator(request: APIRequestContext, role: string) {
  const operator = { username: `op${Date.now()}`, pwd: 'Operador#Novo2026' };
  const res = await request.post('/api/admin/operators', {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: { ...operator, role },
  });
  const body = (await res.json()) as { status: number; message: string };
  expect(body.status, body.message).toBe(200);
  return operator;
}

/**
 * Signs the console in; a code already used in this 30 s step (by another spec) is refused as a
 * replay, so the second attempt waits for the next step.
 */
export async function signInConsole(page: Page, secret: string, landmark = 'Jogadores') {
  await page.goto('/admin');
  await page.getByLabel('Usuário').fill(OPERATOR.username);
  await page.getByLabel('Senha').fill(OPERATOR.pwd);
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByLabel('Código do autenticador (6 dígitos)').fill(totp(secret));
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const nav = page.getByRole('button', { name: landmark });
    const refused = page.getByRole('alert');
    await expect(nav.or(refused)).toBeVisible();
    if (await nav.isVisible()) return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
  await expect(page.getByRole('button', { name: landmark })).toBeVisible();
}
