import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/infra/config';

const base = { TREVO_CONFIG: 'config/default.json' };

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, dataDir: './data', profile: 'seed', production: false });
    // Listening on loopback unless told otherwise (issue 19, item 9).
    expect(config.host).toBe('127.0.0.1');
    expect(config.file.vip).toHaveLength(13);
    // Trevo's own support chat is on out of the box (a chat id, no Telegram); '#' turns it off.
    expect(config.csid).toBe('trevo#');
    expect(loadConfig({ ...base, TREVO_CSID: '#' }).csid).toBe('#');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ TREVO_PROFILE: 'lax' }, /TREVO_PROFILE/],
    [{ TREVO_CSID: 'no-hash' }, /chatId#telegram/],
    [{ TREVO_OPERATOR_USERNAME: 'op' + 'x' }, /both/],
    [{ TREVO_CONFIG: 'config/missing.json' }, /Cannot read TREVO_CONFIG/],
    [{ NODE_ENV: 'production', TREVO_CAPTCHA_FIXED: 'a' }, /tests only/],
    [{ NODE_ENV: 'production', TREVO_PASSWORD_COST: 'test' }, /tests only/],
    [{ NODE_ENV: 'production', TREVO_TEST_CLOCK: '1' }, /tests only/],
    [{ NODE_ENV: 'production', TREVO_PROFILE: 'br-regulated' }, /needs a hosted captcha/],
    [{ TREVO_CAPTCHA: 'turnstile' }, /TREVO_CAPTCHA_SITE_KEY/],
    [{ NODE_ENV: 'production' }, /sandbox PSP is refused/],
    [{ NODE_ENV: 'production', TREVO_ALLOW_SANDBOX: '1' }, /needs TREVO_SECRET_KEY/],
    [{ TREVO_SECRET_KEY: 'short' }, /32 bytes/],
    [
      { NODE_ENV: 'production', TREVO_ALLOW_SANDBOX: '1', TREVO_SECRET_KEY: 'ab'.repeat(32) },
      /needs TREVO_PSP_WEBHOOK_SECRET/,
    ],
    [{ TREVO_CSID: 'trevo' }, /e\.g\. trevo#trevo_suporte/],
  ])('refuses %j with a message naming the problem', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrowError(message);
  });

  it('allows the sandbox in production only when asked to', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      TREVO_ALLOW_SANDBOX: '1',
      TREVO_SECRET_KEY: key,
      TREVO_PSP_WEBHOOK_SECRET: 'w'.repeat(32),
    });
    expect(config.production).toBe(true);
    expect(config.secretKey.toString('hex')).toBe(key);
  });
});
