import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiPost,
  apiPostForm,
  configureApiClient,
  ERROR_ALERT_DELAY_MS,
  LOADING_HIDE_DELAY_MS,
  toFormBody,
} from '../../src/services/api-client';
import { fail, flush, installFakeServer, ok } from './support';

function handlers() {
  const h = {
    onLogout: vi.fn(),
    openGameDeposit: vi.fn(),
    openDeposit: vi.fn(),
    alert: vi.fn<(message: string, button: string) => Promise<void> | void>(),
    goToErrorPage: vi.fn(),
    loading: vi.fn(),
  };
  configureApiClient(h);
  return h;
}

/** Runs a call that should fail and returns its rejection. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call succeeded');
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  // A browser that has been here before: its device id is stored. Drawing one hashes with Web
  // Crypto, which fake timers do not advance (the headers test draws one).
  localStorage.setItem('deviceId', 'd'.repeat(64));
});

afterEach(async () => {
  // Let the 600 ms hide timer fire so no test inherits a visible indicator.
  await vi.runAllTimersAsync();
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends the token, device and locale headers of spec 7', async () => {
    localStorage.removeItem('deviceId');
    localStorage.setItem('token', 'tok-123');
    localStorage.setItem('pixelId', 'px-9');
    localStorage.setItem('apiKey', 'site-key');
    localStorage.setItem('lang', 'en_US');
    handlers();
    const server = installFakeServer(() => ok(null));

    await apiGet('/api/app/user/userInfo');

    const headers = server.requests[0]!.headers;
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('pixelid')).toBe('px-9');
    expect(headers.get('apikey')).toBe('site-key');
    expect(headers.get('lang')).toBe('en_US');
    expect(headers.get('curreny')).toBe('BRL');
    expect(headers.get('devices')).toBe('BWEBAPP');
    expect(headers.get('zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(String(headers.get('deviceId'))).toMatch(/^[0-9a-f]{64}$/);
    expect(server.requests[0]!.timeout).toBe(30_000);
    expect(server.requests[0]!.withCredentials).toBe(false);
  });

  it('sends no Authorization for a visitor and pt_BR by default', async () => {
    handlers();
    const server = installFakeServer(() => ok(null));

    await apiGet('/api/app/main/guestAnalysis');

    expect(server.requests[0]!.headers.get('Authorization')).toBeUndefined();
    expect(server.requests[0]!.headers.get('lang')).toBe('pt_BR');
  });

  it('keeps the same device id from one request to the next', async () => {
    handlers();
    const server = installFakeServer(() => ok(null));
    await apiGet('/a');
    await apiGet('/b');
    expect(server.requests[0]!.headers.get('deviceId')).toBe(server.requests[1]!.headers.get('deviceId'));
    expect(localStorage.getItem('deviceId')).toBe(server.requests[0]!.headers.get('deviceId'));
  });
});

describe('bodies', () => {
  it('sends JSON by default and returns only the response body', async () => {
    handlers();
    const server = installFakeServer(() => ok({ access_token: 'abc' }));

    const body = await apiPost('/api/auth/user/restLogin', { username: 'a', pwd: 'b' });

    expect(body).toEqual({ status: 200, message: 'sucesso', data: { access_token: 'abc' } });
    expect(String(server.requests[0]!.headers.get('Content-Type'))).toContain('application/json');
    expect(JSON.parse(server.requests[0]!.data as string)).toEqual({ username: 'a', pwd: 'b' });
  });

  it('sends form bodies url-encoded', async () => {
    handlers();
    const server = installFakeServer(() => ok(null));

    await apiPostForm('/api/app/main/RESETPWD/sendEmail', { email: 'ana@example.com' });

    expect(String(server.requests[0]!.headers.get('Content-Type'))).toContain(
      'application/x-www-form-urlencoded',
    );
    expect(server.requests[0]!.data).toBe('email=ana%40example.com');
  });

  it('strips array index markers from form bodies', () => {
    expect(toFormBody({ a: [1, 2], b: 'x y', c: { d: 3 }, skip: undefined })).toBe(
      'a=1&a=2&b=x+y&c%5Bd%5D=3',
    );
  });
});

describe('one request at a time', () => {
  it('holds a second request until the first has answered', async () => {
    handlers();
    let releaseFirst!: () => void;
    const server = installFakeServer((config) =>
      config.url === '/first'
        ? new Promise((resolve) => (releaseFirst = () => resolve(ok('one'))))
        : ok('two'),
    );

    const first = apiGet('/first');
    const second = apiGet('/second');
    await vi.advanceTimersByTimeAsync(10);
    expect(server.requests.map((r) => r.url)).toEqual(['/first']);

    releaseFirst();
    await expect(first).resolves.toMatchObject({ data: 'one' });
    await expect(second).resolves.toMatchObject({ data: 'two' });
    expect(server.requests.map((r) => r.url)).toEqual(['/first', '/second']);
  });

  it('lets the next request go after a failure', async () => {
    handlers();
    const server = installFakeServer((config) =>
      config.url === '/bad' ? fail(400, 400, 'Ruim') : ok('fine'),
    );

    const bad = rejection(apiGet('/bad'));
    const good = apiGet('/good');

    await expect(bad).resolves.toBeInstanceOf(ApiError);
    await expect(good).resolves.toMatchObject({ data: 'fine' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('loading indicator', () => {
  it('turns on at the start and off 600 ms after the last request ends', async () => {
    const h = handlers();
    installFakeServer(() => ok(null));

    const call = apiGet('/api/app/user/getBalance');
    await flush();
    expect(h.loading).toHaveBeenCalledWith(true);
    await call;

    await vi.advanceTimersByTimeAsync(LOADING_HIDE_DELAY_MS - 1);
    expect(h.loading).not.toHaveBeenCalledWith(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.loading).toHaveBeenLastCalledWith(false);
  });

  it('stays on between back-to-back requests', async () => {
    const h = handlers();
    installFakeServer(() => ok(null));

    await apiGet('/one');
    await vi.advanceTimersByTimeAsync(300);
    await apiGet('/two');
    await vi.advanceTimersByTimeAsync(300);
    expect(h.loading.mock.calls).toEqual([[true]]);
    await vi.advanceTimersByTimeAsync(300);
    expect(h.loading.mock.calls).toEqual([[true], [false]]);
  });

  it('also hides after an error', async () => {
    const h = handlers();
    installFakeServer(() => fail(400, 400, 'Ruim'));

    await rejection(apiGet('/x'));
    await vi.advanceTimersByTimeAsync(LOADING_HIDE_DELAY_MS);
    expect(h.loading.mock.calls).toEqual([[true], [false]]);
  });

  it('stays off with loading: false in GET params, and the flag is not sent', async () => {
    const h = handlers();
    const server = installFakeServer(() => ok(null));

    await apiGet('/api/app/main/guestAnalysis', { loading: false, page: 2 });
    await vi.advanceTimersByTimeAsync(LOADING_HIDE_DELAY_MS);

    expect(h.loading).not.toHaveBeenCalled();
    expect(server.requests[0]!.params).toEqual({ page: 2 });
  });

  it('stays off with loading: false in the data of other methods, and the flag is not sent', async () => {
    const h = handlers();
    const server = installFakeServer(() => ok(null));

    await apiPost('/api/app/user/changePwd', { oldPwd: 'a', nPwd: 'b', loading: false });
    await apiPostForm('/api/app/order/prePay/1', { gift: 1, loading: false });
    await vi.advanceTimersByTimeAsync(LOADING_HIDE_DELAY_MS);

    expect(h.loading).not.toHaveBeenCalled();
    expect(JSON.parse(server.requests[0]!.data as string)).toEqual({ oldPwd: 'a', nPwd: 'b' });
    expect(server.requests[1]!.data).toBe('gift=1');
  });

  it('ignores loading: false in the params of a POST (spec: data for other methods)', async () => {
    const h = handlers();
    installFakeServer(() => ok(null));

    await apiPost('/x', {}, { params: { loading: false } });
    expect(h.loading).toHaveBeenCalledWith(true);
  });
});

describe('error catalogue (spec 8)', () => {
  it('logs out on HTTP 401', async () => {
    const h = handlers();
    installFakeServer(() => fail(401, 401, 'Por favor, faça login novamente'));

    const error = await rejection(apiGet('/api/app/user/userInfo'));

    expect(h.onLogout).toHaveBeenCalledWith('Por favor, faça login novamente');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.httpStatus).toBe(401);
  });

  it('logs out on body status 40101 even with HTTP 200', async () => {
    const h = handlers();
    installFakeServer(() => ({
      status: 200,
      body: { status: 40101, message: 'O login expirou', data: null },
    }));

    const error = await rejection(apiGet('/api/app/user/userInfo'));

    expect(h.onLogout).toHaveBeenCalledWith('O login expirou');
    expect(error.status).toBe(40101);
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);
    expect(h.alert).not.toHaveBeenCalled();
  });

  it('opens the game deposit on 9999 when the URL contains bet', async () => {
    const h = handlers();
    installFakeServer(() => fail(500, 9999, 'Saldo insuficiente'));

    const error = await rejection(apiPost('/api/app/game/dice/bet', { amount: 1 }));
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(h.openGameDeposit).toHaveBeenCalledTimes(1);
    expect(h.alert).not.toHaveBeenCalled();
    expect(h.openDeposit).not.toHaveBeenCalled();
    expect(error.status).toBe(9999);
  });

  it('alerts the message on 9999 elsewhere, then opens the deposit once it is closed', async () => {
    const h = handlers();
    let closeAlert!: () => void;
    h.alert.mockImplementation(() => new Promise<void>((resolve) => (closeAlert = resolve)));
    installFakeServer(() => fail(402, 9999, 'Saldo insuficiente'));

    await rejection(apiGet('/api/app/wallet/transfer'));

    expect(h.alert).toHaveBeenCalledWith('Saldo insuficiente', 'Eu entendi');
    expect(h.openDeposit).not.toHaveBeenCalled();
    closeAlert();
    await flush();
    expect(h.openDeposit).toHaveBeenCalledTimes(1);
    expect(h.openGameDeposit).not.toHaveBeenCalled();
  });

  it('alerts a dash on 9999 without a message', async () => {
    const h = handlers();
    installFakeServer(() => fail(500, 9999, ''));

    await rejection(apiGet('/api/app/order/getPrices'));
    await flush();

    expect(h.alert).toHaveBeenCalledWith('-', 'Eu entendi');
    expect(h.openDeposit).toHaveBeenCalled();
  });

  it('goes to the error page on 1403', async () => {
    const h = handlers();
    installFakeServer(() => fail(500, 1403, 'Acesso negado'));

    const error = await rejection(apiGet('/api/app/user/userInfo'));
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(h.goToErrorPage).toHaveBeenCalledTimes(1);
    expect(h.alert).not.toHaveBeenCalled();
    expect(error.status).toBe(1403);
  });

  it('alerts any other message 500 ms after the failure', async () => {
    const h = handlers();
    installFakeServer(() => fail(400, 400, 'CPF inválido'));

    const error = await rejection(apiPost('/api/auth/user/restRegister', {}));

    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS - 1);
    expect(h.alert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.alert).toHaveBeenCalledWith('CPF inválido', 'Eu entendi');
    expect(h.goToErrorPage).not.toHaveBeenCalled();
    expect(error.message).toBe('CPF inválido');
  });

  it('treats a body status other than 200 as an error even with HTTP 200', async () => {
    const h = handlers();
    installFakeServer(() => ({
      status: 200,
      body: { status: 400, message: 'Verifique os dados', data: null },
    }));

    await rejection(apiGet('/x'));
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(h.alert).toHaveBeenCalledWith('Verifique os dados', 'Eu entendi');
  });

  it('goes to the error page when the error has no message', async () => {
    const h = handlers();
    installFakeServer(() => ({ status: 502, body: '<html>Bad gateway</html>' }));

    const error = await rejection(apiGet('/x'));
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(h.goToErrorPage).toHaveBeenCalledTimes(1);
    expect(h.alert).not.toHaveBeenCalled();
    expect(error.httpStatus).toBe(502);
  });

  it("says 'slow internet' when a request times out", async () => {
    const h = handlers();
    installFakeServer((config) => {
      throw new AxiosError('timeout of 30000ms exceeded', 'ECONNABORTED', config);
    });

    const error = await rejection(apiGet('/x'));
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(error.kind).toBe('timeout');
    expect(h.alert).toHaveBeenCalledWith('Internet lenta', 'Eu entendi');
    expect(h.goToErrorPage).not.toHaveBeenCalled();
  });

  it('does not react to failures of silent background calls, but still rejects', async () => {
    const h = handlers();
    installFakeServer(() => ({ status: 500, body: '' }));

    const error = await rejection(
      apiGet('/api/app/main/guestAnalysis', { loading: false }, { silent: true }),
    );
    await vi.advanceTimersByTimeAsync(ERROR_ALERT_DELAY_MS);

    expect(error).toBeInstanceOf(ApiError);
    expect(h.goToErrorPage).not.toHaveBeenCalled();
    expect(h.alert).not.toHaveBeenCalled();
  });

  it('logs the player out when a silent call finds the session ended (spec 8.1 over 8.4)', async () => {
    const h = handlers();
    localStorage.setItem('token', 'tok-expired');
    installFakeServer(() => ({
      status: 200,
      body: { status: 40101, message: 'Sessão expirada', data: null },
    }));

    await rejection(apiGet('/api/app/main/notices', { loading: false }, { silent: true }));

    expect(h.onLogout).toHaveBeenCalledWith('Sessão expirada');
    expect(h.alert).not.toHaveBeenCalled();
  });

  it('ends nothing when the refused session is one the page has already left', async () => {
    const h = handlers();
    localStorage.setItem('token', 'tok-new');
    installFakeServer(() => fail(401, 401, 'Por favor, faça login novamente'));

    // Sair names the token it ends; a new login (tok-new) has happened since.
    await rejection(apiPost('/api/auth/user/logout', {}, { headers: { Authorization: 'Bearer tok-old' } }));

    expect(h.onLogout).not.toHaveBeenCalled();
    expect(h.alert).not.toHaveBeenCalled();
  });

  it('asks nothing of a visitor whose silent call was refused for want of a session', async () => {
    const h = handlers();
    installFakeServer(() => ({ status: 401, body: { status: 40101, message: 'Faça login', data: null } }));

    await rejection(apiGet('/api/app/support/replyTime', { loading: false }, { silent: true }));

    expect(h.onLogout).not.toHaveBeenCalled();
    expect(h.alert).not.toHaveBeenCalled();
  });
});
