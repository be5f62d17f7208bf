import { expect, test as setup } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { OPERATOR, TOKEN_FILE, totp } from './operator-support';

/**
 * Runs once before the journeys (project `setup` in playwright.config.ts): the bootstrap operator
 * enrols an authenticator and signs in with its first code, as production requires, and its
 * session is kept for the journeys to create their own operators with (operator-support.ts).
 */
setup('the bootstrap operator enrols an authenticator and signs in', async ({ request }) => {
  const enrol = await request.post('/api/admin/auth/totp/enrol', { data: OPERATOR });
  const enrolled = (await enrol.json()) as { status: number; message: string; data: { secret: string } };
  expect(enrolled.status, enrolled.message).toBe(200);
  const login = await request.post('/api/admin/auth/login', {
    data: { ...OPERATOR, totp: totp(enrolled.data.secret) },
  });
  const session = (await login.json()) as { status: number; message: string; data: { access_token: string } };
  expect(session.status, session.message).toBe(200);
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(TOKEN_FILE, session.data.access_token);
});
