import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/lib/i18n';
import { apiGet, configureApiClient } from '../../src/services/api-client';
import { emitSocket, onSocketEvent, setSocketFactory, syncSocket } from '../../src/services/socket';
import { alertStore, showAlert, toastStore } from '../../src/shell/app/dialogs';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore, signIn, signOut, startSession, turnoverStore } from '../../src/shell/app/session';
import { expireSession } from '../../src/shell/app/shell-actions';
import { setNavigator } from '../../src/shell/app/navigation';
import { FakeSocket, installFakeServer, ok, userInfoFixture } from './support';

let sockets: FakeSocket[] = [];

beforeEach(() => {
  sockets = [];
  setSocketFactory((options) => {
    const s = new FakeSocket(options as Record<string, unknown>);
    sockets.push(s);
    return s as unknown as Socket;
  });
  syncSocket(null);
  localStorage.clear();
  configureApiClient({ alert: () => undefined, loading: () => undefined });
});

afterEach(() => {
  syncSocket(null);
  setSocketFactory(null);
});

describe('socket', () => {
  it('is created only with a token, at /gamecenter-siop, and closed when the token is lost', () => {
    syncSocket(null);
    expect(sockets).toHaveLength(0);

    syncSocket('tok-a');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({ path: '/gamecenter-siop', query: { token: 'tok-a' } });

    syncSocket('tok-a');
    expect(sockets).toHaveLength(1);

    syncSocket(null);
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('keeps subscriptions across a new token and emits only while connected', () => {
    const seen: unknown[] = [];
    const stop = onSocketEvent('insBalance', (p) => seen.push(p.balance));
    syncSocket('tok-a');
    sockets[0]!.serverSends('insBalance', { balance: 5 });
    syncSocket('tok-b');
    expect(sockets[0]!.disconnected).toBe(true);
    sockets[1]!.serverSends('insBalance', { balance: 9 });
    expect(seen).toEqual([5, 9]);

    emitSocket('offGame', { gameCode: 'SE0002' });
    expect(sockets[1]!.emitted).toEqual([['offGame', { gameCode: 'SE0002' }]]);
    sockets[1]!.connected = false;
    emitSocket('game.join', { game: 'double' });
    expect(sockets[1]!.emitted).toHaveLength(1);

    stop();
    sockets[1]!.serverSends('insBalance', { balance: 1 });
    expect(seen).toEqual([5, 9]);
  });
});

describe('session', () => {
  it('Sair forgets the token before telling the server, so a call queued meanwhile carries none', async () => {
    const onLogout = vi.fn();
    configureApiClient({ onLogout });
    const server = installFakeServer((config) =>
      config.url === '/api/auth/user/logout' ? ok(null) : ok(userInfoFixture()),
    );
    await signIn('tok-leaving');
    const leaving = signOut();
    // Queued behind the logout (one call at a time), as a balance refresh would be.
    const queued = apiGet('/api/app/user/userInfo');
    await Promise.all([leaving, queued]);

    const sent = server.requests.slice(-2).map((r) => [r.url, r.headers.get('Authorization') ?? null]);
    expect(sent).toEqual([
      ['/api/auth/user/logout', 'Bearer tok-leaving'],
      ['/api/app/user/userInfo', null],
    ]);
    expect(sessionStore.get().token).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('follows the token with the socket and applies updateUserInfo, balances and notices', async () => {
    installFakeServer((config) => (config.url === '/api/app/main/notices' ? ok([]) : ok(userInfoFixture())));
    sessionStore.set({ token: null, userInfo: null });
    await startSession();
    expect(sockets.filter((s) => !s.disconnected)).toHaveLength(0);

    await signIn('tok-live');
    const live = sockets.find((s) => !s.disconnected)!;
    expect(live.options).toMatchObject({ query: { token: 'tok-live' } });

    live.serverSends('updateUserInfo', userInfoFixture({ level: 9 }));
    expect(sessionStore.get().userInfo?.level).toBe(9);
    live.serverSends('insBalance', { balance: 3.5 });
    expect(sessionStore.get().userInfo?.balance).toBe(3.5);
    expect(JSON.parse(localStorage.getItem('userInfo')!).balance).toBe(3.5);
    // freeBalance is cash + bonus and follows insBalance: the bonus wallet follows it, so a
    // release that turned the whole bonus into cash shows at once (it named no event of its own).
    live.serverSends('updateUserInfo', userInfoFixture({ balance: 50, bonusBalance: 5, freeBalance: 55 }));
    live.serverSends('insBalance', { balance: 57.3 });
    live.serverSends('freeBalance', { freeBalance: 57.3 });
    expect(sessionStore.get().userInfo).toMatchObject({ balance: 57.3, bonusBalance: 0, freeBalance: 57.3 });
    live.serverSends('insBalance', { balance: 0 });
    live.serverSends('freeBalance', { freeBalance: 4.1 });
    expect(sessionStore.get().userInfo).toMatchObject({ balance: 0, bonusBalance: 4.1, freeBalance: 4.1 });
    live.serverSends('insBalance', { balance: 3.5 });
    live.serverSends('userBetAmount', { bouns: 1, amount: 12.5 });
    expect(turnoverStore.get()).toEqual({ bouns: 1, amount: 12.5 });

    const navigate = vi.fn();
    setNavigator(navigate);
    expireSession('O login expirou');
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(live.disconnected).toBe(true);
    expect(turnoverStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
    expect(overlayStore.get()).toBe('login');
    expect(toastStore.get()?.text).toBe('O login expirou');
  });
});

describe('alerts', () => {
  it('queues alerts and does not show the same waiting message twice', async () => {
    alertStore.set([]);
    const first = showAlert('Por favor, faça login primeiro');
    void showAlert('Por favor, faça login primeiro');
    void showAlert('Internet lenta');
    expect(alertStore.get().map((a) => a.message)).toEqual([
      'Por favor, faça login primeiro',
      'Internet lenta',
    ]);
    expect(alertStore.get()[0]!.button).toBe('Eu entendi');

    alertStore.get()[0]!.close();
    await first;
    expect(alertStore.get().map((a) => a.message)).toEqual(['Internet lenta']);
    alertStore.get()[0]!.close();
  });
});
