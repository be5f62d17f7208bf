import { act, cleanup, configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ptBR from '../../assets/locales/pt_BR.json';
import { FIRST_PAGE_TEXTS, splitTexts } from '../../src/lib/first-page-texts';
import i18n from '../../src/lib/i18n';
import { configureApiClient } from '../../src/services/api-client';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { appRoutes } from '../../src/shell/app/routes';
import { sessionStore } from '../../src/shell/app/session';
import { installFakeServer, mainMarket, ok, sportsFixture, userInfoFixture } from './support';

/**
 * The first page carries only part of pt_BR (src/lib/first-page-texts.ts). Home, as a visitor and
 * as a player, must find every text it shows in that part: a missing one would flash as its key
 * until the rest of pt_BR arrived.
 */

// The app's routes and home are transformed on first import: slow on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const kickoff = new Date(Date.now() + 3_600_000).toISOString();

function fixture(id: string, live: boolean) {
  return sportsFixture(id, {
    startsAt: kickoff,
    live,
    periodCode: live ? 1 : 0,
    clock: live ? '12:00' : null,
    main: mainMarket(id, [
      { id: 'home', name: 'Casa', odds: 1.9, active: true },
      { id: 'draw', name: 'Empate', odds: 3.2, active: true },
      { id: 'away', name: 'Fora', odds: 4.1, active: false },
    ]),
  });
}

const ANSWERS: Record<string, unknown> = {
  '/api/app/main/site': {
    profile: 'br-regulated',
    demo: true,
    legal: {
      company: 'Trevo Ltda',
      cnpj: '00.000.000/0001-00',
      authorization: 'SPA/MF 1',
      address: 'Rua A, 1',
      sac: '0800 000 0000',
      ouvidoria: '0800 000 0001',
    },
    signupLimits: { required: false, loss: 0, session: 0 },
  },
  '/api/app/main/guestAnalysis': { number: 1234, amount: 2_500_000 },
  '/api/app/main/notices': [],
  '/api/app/main/winners': [
    { id: 'b1', game: 'dice', player: 'ma***@g***', amount: 10, multiplier: 1.98, payout: 19.8, at: null },
  ],
  '/api/app/main/banners': [
    { id: 'boas-vindas', title: 'Bem-vindo', subtitle: 'Bônus', link: '/bonuspage', art: '/promo/a.svg' },
    { id: 'esportes', title: 'Esportes', subtitle: 'Ao vivo', link: '/footballPage', art: '/promo/b.svg' },
  ],
  '/api/app/main/sponsors': [{ id: 'copa', name: 'Copa Trevo', text: 'Futsal', art: '/promo/c.svg' }],
  '/api/app/sports/fixtures': [fixture('f1', true), fixture('f2', false)],
  '/api/app/user/userInfo': userInfoFixture(),
};

/** Every key a render asked for that the loaded texts lacked. */
let missing: string[] = [];
const onMissing = (_lngs: readonly string[], _ns: string, key: string) => missing.push(key);

beforeEach(() => {
  // Only the first page's texts, as a first visit has them (the split the build makes).
  i18n.removeResourceBundle('pt_BR', 'translation');
  i18n.addResourceBundle('pt_BR', 'translation', splitTexts(ptBR, FIRST_PAGE_TEXTS).first);
  missing = [];
  i18n.on('missingKey', onMissing);
  localStorage.clear();
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  installFakeServer(({ url = '' }) =>
    url in ANSWERS
      ? ok(ANSWERS[url])
      : { status: 404, body: { status: 404, message: 'Não encontrado', data: null } },
  );
});

afterEach(() => {
  i18n.off('missingKey', onMissing);
  cleanup();
  act(() => {
    sessionStore.set({ token: null, userInfo: null });
    overlayStore.set('');
  });
});

async function renderHome() {
  render(<RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/home'] })} />);
  await screen.findByTestId('page-home');
  await screen.findByTestId('home-sports-list');
  await screen.findAllByTestId('winner-entry');
  await screen.findByText('Copa Trevo');
  // The footer's legal data and demo notice come with the site's answer.
  await screen.findByTestId('footer-legal');
  await screen.findByTestId('footer-demo');
}

describe("the first page's texts", () => {
  it('hold everything home shows a visitor', async () => {
    await renderHome();
    expect(missing).toEqual([]);
    // The rest of pt_BR was not needed, so it was not fetched.
    expect(i18n.exists('wallet.title')).toBe(false);
  });

  it('hold everything home shows a player', async () => {
    act(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture() }));
    await renderHome();
    expect(missing).toEqual([]);
  });
});
