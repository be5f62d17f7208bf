import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The bootstrap operator of playwright.config.ts; operator.setup.ts enrols it and signs it in. */
export const OPERATOR = { username: 'operador', pwd: 'Operador#E2e2026' };

/** The bootstrap operator's session token, kept by operator.setup.ts for the journeys. */
export const TOKEN_FILE = '.tmp/e2e-operator-token.txt';

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

export interface ConsoleOperator {
  username: string;
  pwd: string;
  /** The authenticator's secret, when enrolled through the API. */
  secret?: string;
}

/** The data of a 200 envelope; any other status fails the test with the server's message. */
export async function envelope<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { status: number; message: string; data: T };
  expect(body.status, body.message).toBe(200);
  return body.data;
}

let created = 0;

/**
 * A new operator with `role`, created by the bootstrap operator as an admin does in the console.
 * With `enrol`, its authenticator is enrolled through the API and the first sign-in confirms it.
 * Each journey signs in as its own operator: a TOTP code is accepted once per operator and 30 s
 * step, so journeys running side by side as one operator would refuse each other's codes.
 */
export async function createOperator(
  request: APIRequestContext,
  role: 'support' | 'finance' | 'trader' | 'compliance' | 'admin',
  { enrol = true } = {},
): Promise<ConsoleOperator> {
  expect(existsSync(TOKEN_FILE), 'operator.setup.ts did not sign the bootstrap operator in').toBe(true);
  const operator: ConsoleOperator = {
    username: `${role}${process.pid}x${Date.now()}x${created++}`,
    pwd: 'Operador#Novo2026',
  };
  await envelope(
    await request.post('/api/admin/operators', {
      headers: { Authorization: `Bearer ${readFileSync(TOKEN_FILE, 'utf8').trim()}` },
      data: { ...operator, role },
    }),
  );
  if (enrol) {
    const data = await envelope<{ secret: string }>(
      await request.post('/api/admin/auth/totp/enrol', { data: operator }),
    );
    operator.secret = data.secret;
  }
  return operator;
}

/** Signs the console in as `operator` (enrolled through the API) and waits for `landmark`. */
export async function signInConsole(page: Page, operator: ConsoleOperator, landmark = 'Jogadores') {
  await page.goto('/admin');
  await page.getByLabel('Usuário').fill(operator.username);
  await page.getByLabel('Senha').fill(operator.pwd);
  await page.getByLabel('Código do autenticador (6 dígitos)').fill(totp(operator.secret!));
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: landmark })).toBeVisible();
}
