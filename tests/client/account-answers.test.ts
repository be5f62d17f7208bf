import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../src/services/api-client';
import { exchangeHandoff, login, register } from '../../src/services/auth-api';
import { checkResetCode, fetchUserGift } from '../../src/services/main-api';
import { installFakeServer, ok } from './support';

/**
 * The account's answers are parsed with the domain's schemas (issue 17, contracts once): a
 * session token, a reset check id and the gift flag that break the contract are refused instead
 * of flowing on as whatever the server sent.
 */
describe('account answers follow the contract', () => {
  beforeEach(() => {
    configureApiClient({
      onLogout: () => {},
      openGameDeposit: () => {},
      openDeposit: () => {},
      alert: () => {},
      goToErrorPage: () => {},
      loading: () => {},
    });
  });

  it('takes a session token that is one', async () => {
    installFakeServer(() => ok({ access_token: 'tok-1' }));
    await expect(login({ username: 'ana@example.com', pwd: 'x' } as never)).resolves.toBe('tok-1');
  });

  it('refuses a session answer without a token, from sign-in, sign-up and hand-off', async () => {
    installFakeServer(() => ok({ access_token: '' }));
    await expect(login({ username: 'ana@example.com', pwd: 'x' } as never)).rejects.toThrow();
    installFakeServer(() => ok({ token: 'tok-1' }));
    await expect(register({} as never)).rejects.toThrow();
    installFakeServer(() => ok(null));
    await expect(exchangeHandoff('code')).rejects.toThrow();
  });

  it('refuses a reset check id that is not a string, and a gift flag other than 0 or 1', async () => {
    installFakeServer(() => ok({ chkId: 'x' }));
    await expect(checkResetCode('ana@example.com', '123456')).rejects.toThrow();
    installFakeServer(() => ok(1));
    await expect(fetchUserGift()).resolves.toBe(true);
    installFakeServer(() => ok(0));
    await expect(fetchUserGift()).resolves.toBe(false);
    installFakeServer(() => ok(true));
    await expect(fetchUserGift()).rejects.toThrow();
  });
});
