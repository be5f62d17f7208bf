import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { GameType } from '../../../domain/codes';
import { preloadGame } from '../../games/loaders';
import { exchangeHandoff } from '../../services/auth-api';
import { laterTexts } from '../../lib/i18n';
import { writeItem } from '../../lib/storage';
import { RootLayout } from '../layouts/root-layout';
import { ShellLayout, StandaloneLayout } from '../layouts/page-layouts';
import { LoadingPage, LoadingScreen } from '../pages/loading-page';
import type { PageKey } from '../pages/page-heading';
import { RouteError } from '../pages/route-error';
import { parseLandingPath } from './landing';
import { openOverlay } from './overlay-store';
import { sessionStore, signIn } from './session';
import { askToLogIn } from './shell-actions';

/**
 * Every route of spec 2 and ARCHITECTURE.md "Client". The children of `/main` sit at absolute paths
 * inside the shell layout; sports and games are top-level. Pages load lazily, so the first paint
 * only carries the splash and the chrome.
 */

/** Spec 6: a visitor on a protected route gets the alert, lands on home and sees the login panel. */
function requireLogin() {
  if (sessionStore.get().token) return null;
  askToLogIn();
  return redirect('/home');
}

/** `/y{yqm}` stores the invite code and opens registration; `/zgo{code}` logs in; else `/`. */
async function landingLoader({ request }: LoaderFunctionArgs) {
  const landing = parseLandingPath(new URL(request.url).pathname);
  if (!landing) return redirect('/');
  if (landing.kind === 'invite') {
    writeItem('yqm', landing.code);
    if (!sessionStore.get().token) openOverlay('register');
    return redirect('/home');
  }
  try {
    await signIn(await exchangeHandoff(landing.code));
  } catch {
    // The API client shows why (an expired or used link); the player continues as a visitor.
  }
  return redirect('/home');
}

/**
 * The named routes `registered` and `active` (spec 2.8), as links an advert or a message can carry:
 * `/registered` opens registration over home for a visitor (home for a player), `/active` is the
 * promotions page ("atividades": decision 76).
 */
function registeredLoader() {
  if (!sessionStore.get().token) openOverlay('register');
  return redirect('/home');
}

/**
 * A lazy page's chunk together with the pt_BR texts the first page leaves out (src/lib/i18n.ts),
 * fetched side by side: the page shows with its texts. Home's texts come with the first page.
 */
function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), laterTexts()]))[0];
}

const lazyPage = {
  home: async () => ({ Component: (await import('../pages/home-page')).HomePage }),
  info: withTexts(async () => ({ Component: (await import('../pages/info-page')).InfoPage })),
  account: withTexts(async () => ({ Component: (await import('../pages/account-page')).AccountPage })),
  records: withTexts(async () => ({ Component: (await import('../pages/records-page')).RecordsPage })),
  vip: withTexts(async () => ({ Component: (await import('../pages/vip-page')).VipPage })),
  paySuccess: withTexts(async () => ({
    Component: (await import('../pages/pay-success-page')).PaySuccessPage,
  })),
  games: withTexts(async () => ({ Component: (await import('../pages/games-page')).GamesPage })),
  gameMess: withTexts(async () => ({
    Component: (await import('../pages/game-messages-page')).GameMessagesPage,
  })),
  faq: withTexts(async () => ({ Component: (await import('../pages/faq-page')).FaqPage })),
  complaint: withTexts(async () => ({
    Component: (await import('../support/complaint-page')).ComplaintPage,
  })),
  text: withTexts(async () => ({ Component: (await import('../pages/text/text-page')).TextPage })),
  error: withTexts(async () => ({ Component: (await import('../pages/error-page')).ErrorPage })),
  sports: withTexts(async () => ({ Component: (await import('../sports/sportsbook-page')).SportsbookPage })),
  sportsFixture: withTexts(async () => ({ Component: (await import('../sports/fixture-page')).FixturePage })),
  sportsBets: withTexts(async () => ({ Component: (await import('../sports/my-bets-page')).MyBetsPage })),
  sportsResults: withTexts(async () => ({ Component: (await import('../sports/results-page')).ResultsPage })),
  game: withTexts(async () => ({ Component: (await import('../pages/game-page')).GamePage })),
  share: withTexts(async () => ({ Component: (await import('../promo/share-page')).SharePage })),
  bonus: withTexts(async () => ({ Component: (await import('../promo/bonus-page')).BonusPage })),
  agent: withTexts(async () => ({ Component: (await import('../promo/agent-page')).AgentPage })),
  gameBonus: withTexts(async () => ({ Component: (await import('../promo/game-bonus-page')).GameBonusPage })),
};

type Lazy = (typeof lazyPage)[keyof typeof lazyPage];

function page(key: PageKey, lazy: Lazy, options: { protected?: boolean } = {}): RouteObject {
  return {
    path: `/${key}`,
    handle: { page: key },
    lazy,
    ...(options.protected ? { loader: requireLogin } : {}),
  };
}

/**
 * A game's page starts its table's download beside its own for a player (a visitor sees the
 * game's art), where the table's used to wait for the page to mount: the table is there sooner,
 * and when its code is in by the page's first render the page draws it then, once. The page does
 * not wait for it: on a slow line the page and the table's progress bar show first.
 */
function gamePage(game: GameType, options: { protected?: boolean } = {}): RouteObject {
  return {
    path: `/${game}`,
    handle: { page: 'play', game },
    lazy: () => {
      if (sessionStore.get().token) void preloadGame(game);
      return lazyPage.game();
    },
    ...(options.protected ? { loader: requireLogin } : {}),
  };
}

const TEXT_PAGES = [
  'text_kyc',
  'text_pp',
  'text_jr',
  'text_tc',
  'text_faq_conta',
  'text_faq_dr',
  'text_faq_jr',
  'text_faq_jogos',
  'text_faq_nu',
  'text_faq_prom',
  'text_faq_segur',
] as const satisfies readonly PageKey[];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: LoadingPage },
      // Loader-only routes always redirect; the splash covers the instant before they do.
      { path: '/main', loader: () => redirect('/home'), Component: LoadingScreen },
      { path: '/registered', loader: registeredLoader, Component: LoadingScreen },
      { path: '/active', loader: () => redirect('/bonuspage'), Component: LoadingScreen },
      {
        Component: ShellLayout,
        children: [
          page('home', lazyPage.home),
          page('gameMess', lazyPage.gameMess, { protected: true }),
          page('share', lazyPage.share, { protected: true }),
          page('vip', lazyPage.vip),
          page('agentJl', lazyPage.agent),
          page('gamebouns', lazyPage.gameBonus),
          page('gameGroupList', lazyPage.games),
          page('bonuspage', lazyPage.bonus),
          page('registros', lazyPage.records),
          page('conta', lazyPage.account),
          page('paySuccess', lazyPage.paySuccess),
          page('text_faq', lazyPage.faq),
          ...TEXT_PAGES.map((key) => page(key, lazyPage.text)),
          page('complaint_text', lazyPage.text),
          page('complaint_form', lazyPage.complaint),
          page('error', lazyPage.error),
        ],
      },
      {
        Component: StandaloneLayout,
        children: [
          page('footballPage', lazyPage.sports),
          // The sportsbook's own pages share the sports heading key (issue 6).
          { path: '/sports/fixture/:id', handle: { page: 'footballPage' }, lazy: lazyPage.sportsFixture },
          { path: '/sports/results', handle: { page: 'footballPage' }, lazy: lazyPage.sportsResults },
          {
            path: '/sports/bets',
            handle: { page: 'footballPage' },
            lazy: lazyPage.sportsBets,
            loader: requireLogin,
          },
          page('play', lazyPage.game),
          gamePage('mines'),
          gamePage('dice', { protected: true }),
          gamePage('limbo'),
          gamePage('luckyColor'),
          gamePage('rowDouble'),
          gamePage('double'),
        ],
      },
      { path: '*', loader: landingLoader, Component: LoadingScreen },
    ],
  },
  // The operator console: its own chunk, outside the player's layout, never loaded by a player page.
  {
    path: '/admin/*',
    HydrateFallback: LoadingScreen,
    lazy: withTexts(async () => ({ Component: (await import('../../admin/admin-app')).AdminApp })),
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
