import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import type { Socket } from 'socket.io-client';
import { configureApiClient } from '../../src/services/api-client';
import { setSocketFactory, syncSocket } from '../../src/services/socket';
import { alertStore } from '../../src/shell/app/dialogs';
import { setNavigator } from '../../src/shell/app/navigation';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { appRoutes } from '../../src/shell/app/routes';
import { sessionStore } from '../../src/shell/app/session';
import { installFakeServer, ok, userInfoFixture } from './support';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ token: null, userInfo: null });
  overlayStore.set('');
  alertStore.set([]);
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  installFakeServer((config) => {
    if (config.url === '/api/app/main/guestAnalysis') return ok({ number: 1234, amount: 2_500_000 });
    if (config.url === '/api/app/main/notices') return ok([]);
    if (config.url === '/api/auth/user/handoff') return ok({ access_token: 'tok-handoff' });
    if (config.url === '/api/app/user/userInfo') return ok(userInfoFixture());
    return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
  });
});

afterEach(() => cleanup());

// The game routes below start loading their tables' code (dynamic imports the test does not wait
// for). This worker's next file shares the module graph: a load still running when this file's
// environment ends fails the next file that imports the same modules (seen once, dice-units in a
// fresh-clone run). Let those loads finish first.
afterAll(async () => {
  await Promise.all([import('../../src/games/dice/dice-game'), import('../../src/games/mines/mines-game')]);
});

// Lazy routes are transformed on their first import; on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

describe('protected routes', () => {
  it.each(['/dice', '/gameMess', '/share'])(
    "sends a visitor from %s home with 'Por favor, faça login primeiro', then opens login",
    async (path) => {
      const router = renderAt(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      const alert = await screen.findByTestId('alert-dialog');
      expect(alert.textContent).toContain('Por favor, faça login primeiro');
      expect(screen.getByTestId('alert-ok').textContent).toBe('Eu entendi');
      expect(overlayStore.get()).toBe('');

      act(() => screen.getByTestId('alert-ok').click());
      await waitFor(() => expect(overlayStore.get()).toBe('login'));
      expect(await screen.findByTestId('login-form')).toBeTruthy();
    },
  );

  it('lets a logged-in player in', async () => {
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture() });
    const router = renderAt('/dice');

    expect(await screen.findByTestId('game-stage')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dice');
    expect(alertStore.get()).toHaveLength(0);
  });
});

describe('leaving a game', () => {
  it('sends offGame with the game code while the socket is live', async () => {
    const emitted: [string, unknown][] = [];
    const fake = {
      connected: true,
      on: () => fake,
      off: () => fake,
      removeAllListeners: () => fake,
      disconnect: () => fake,
    };
    setSocketFactory(
      () =>
        ({
          ...fake,
          emit: (event: string, payload: unknown) => emitted.push([event, payload]),
        }) as unknown as Socket,
    );
    syncSocket('tok');
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture() });
    const router = renderAt('/mines');
    await screen.findByTestId('game-stage');
    expect(emitted).toEqual([]);

    await act(() => router.navigate('/home'));
    await screen.findByTestId('page-home');

    expect(emitted).toEqual([['offGame', { gameCode: 'SE0001' }]]);
    syncSocket(null);
    setSocketFactory(null);
  });

  it('ends the game in play (stopGame), then refreshes user info with what it paid back', async () => {
    const calls: string[] = [];
    let balance = 10;
    installFakeServer((config) => {
      calls.push(config.url ?? '');
      if (config.url === '/api/app/game/stopGame') {
        balance = 12.5;
        return ok({ settled: true });
      }
      if (config.url === '/api/app/user/userInfo') return ok({ ...userInfoFixture(), balance });
      if (config.url === '/api/app/main/notices') return ok([]);
      if (config.url === '/api/app/main/guestAnalysis') return ok({ number: 1, amount: 1 });
      return ok(null);
    });
    sessionStore.set({ token: 'tok', userInfo: { ...userInfoFixture(), balance } });
    const router = renderAt('/mines');
    await screen.findByTestId('game-stage');
    expect(calls).not.toContain('/api/app/game/stopGame');

    await act(() => router.navigate('/home'));

    await waitFor(() => expect(sessionStore.get().userInfo?.balance).toBe(12.5));
    expect(calls.indexOf('/api/app/game/stopGame')).toBeLessThan(calls.lastIndexOf('/api/app/user/userInfo'));
  });
});

describe('redirects and landings', () => {
  it('sends /main to /home', async () => {
    const router = renderAt('/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('opens registration over home at the named route /registered, for a visitor only', async () => {
    const router = renderAt('/registered');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(overlayStore.get()).toBe('register');
    act(() => overlayStore.set(''));
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture() });
    const again = renderAt('/registered');
    await waitFor(() => expect(again.state.location.pathname).toBe('/home'));
    expect(overlayStore.get()).toBe('');
  });

  it('shows the promotions at the named route /active', async () => {
    const router = renderAt('/active');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bonuspage'));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Promoções');
  });

  it('sends an unknown path to the loading screen at /', async () => {
    const router = renderAt('/nao-existe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
  });

  it('stores the invite code of /y{yqm} and opens registration', async () => {
    const router = renderAt('/yAMIGO2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('yqm')).toBe('AMIGO2026');
    expect(overlayStore.get()).toBe('register');
  });

  it('exchanges the /zgo{code} hand-off for a session', async () => {
    const router = renderAt('/zgoCODE_1234-abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe('tok-handoff');
    expect(sessionStore.get().token).toBe('tok-handoff');
  });
});

describe('the shell', () => {
  it('shows the header, notice bar, page title and footer on a page', async () => {
    renderAt('/vip');

    expect((await screen.findByTestId('page-title')).textContent).toBe('Clube VIP');
    expect(screen.getByTestId('header-login').textContent).toBe('Autenticar-se');
    expect(screen.getByTestId('header-register').textContent).toBe('Cadastre-se');
    expect(screen.getByTestId('notice-bar')).toBeTruthy();
    expect(screen.getByTestId('footer-copyright').textContent).toBe('Trevo © 2019-2026');
    expect(screen.getByTestId('footer-warning').textContent).toContain('18');
  });

  it("shows home's six games once as a gallery; the footer lists them as a compact strip", async () => {
    renderAt('/home');
    const gallery = await screen.findByTestId('home-games');
    const footer = screen.getByTestId('footer-games');

    expect(gallery.querySelectorAll('.game-tile--tile')).toHaveLength(6);
    expect(footer.querySelectorAll('.game-tile--strip')).toHaveLength(6);
    // Home shows one gallery of large tiles, not two.
    expect(document.querySelectorAll('.game-tile--tile')).toHaveLength(6);
  });

  it('opens the login panel instead of a game for a visitor', async () => {
    const router = renderAt('/home');
    const mines = await screen.findByTestId('footer-game-mines');
    act(() => mines.click());
    expect(overlayStore.get()).toBe('login');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('opens a game with its record as query for a player', async () => {
    sessionStore.set({ token: 'tok', userInfo: userInfoFixture() });
    const router = renderAt('/home');
    const mines = await screen.findByTestId('footer-game-mines');
    act(() => mines.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/mines'));
    expect(new URLSearchParams(router.state.location.search).get('gameCode')).toBe('SE0001');
  });
});

describe('home is the one cached page', () => {
  it('keeps the same home mounted, hidden, while another shell page is open, and shows it again', async () => {
    const router = renderAt('/home');
    const home = await screen.findByTestId('page-home');
    await act(() => router.navigate('/vip'));
    await screen.findByTestId('page-vip');
    expect(screen.getByTestId('home-cache').hidden).toBe(true);
    expect(home.isConnected).toBe(true);
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(screen.getByTestId('home-cache').hidden).toBe(false));
    expect(screen.getByTestId('page-home')).toBe(home);
    expect(screen.queryByTestId('page-vip')).toBeNull();
  });
});
