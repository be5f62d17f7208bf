import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Socket } from 'socket.io-client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/lib/i18n';
import { BannerCarousel, SponsorSection } from '../../src/shell/promo/home-promo';
import { configureApiClient } from '../../src/services/api-client';
import type { SportsFixture } from '../../src/services/sports-api';
import { setSocketFactory, syncSocket } from '../../src/services/socket';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore } from '../../src/shell/app/session';
import { pickHighlights } from '../../src/shell/home/sports-highlights';
import { WinnersFeed } from '../../src/shell/home/winners-feed';
import { SettingPanel, telegramHref } from '../../src/shell/overlays/setting-panel';
import { resetSupportContacts } from '../../src/shell/support/support-contacts';
import { FakeSocket, installFakeServer, ok, mainMarket, sportsFixture, userInfoFixture } from './support';

/** Issue 7: settingPop's conditional entries, home's winners feed and sports highlights. */

let sockets: FakeSocket[] = [];

beforeEach(() => {
  sockets = [];
  setSocketFactory((options) => {
    const s = new FakeSocket(options as Record<string, unknown>);
    sockets.push(s);
    return s as unknown as Socket;
  });
  configureApiClient({ alert: () => undefined, loading: () => undefined });
  resetSupportContacts();
});

afterEach(() => {
  cleanup();
  act(() => {
    sessionStore.set({ token: null, userInfo: null });
    overlayStore.set('');
  });
  syncSocket(null);
  setSocketFactory(null);
});

function signedIn() {
  act(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture() }));
  syncSocket('tok');
}

function csidServer(message: string) {
  return installFakeServer((config) =>
    config.url === '/api/app/main/csid'
      ? { status: 200, body: { status: 200, message, data: null } }
      : ok([]),
  );
}

function renderPanel() {
  return render(
    <MemoryRouter>
      <SettingPanel />
    </MemoryRouter>,
  );
}

describe('settingPop', () => {
  it('a visitor sees the links and the game label, but neither Telegram nor customer service', async () => {
    const server = csidServer('chat-1#trevo_suporte');
    renderPanel();
    const panel = screen.getByTestId('setting-panel');
    for (const id of ['setting-home', 'setting-bonuses', 'setting-vip', 'setting-share', 'setting-history'])
      expect(within(panel).getByTestId(id)).toBeTruthy();
    expect(within(panel).getAllByTestId(/^setting-game-/)).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Jogos' })).toBeTruthy();
    expect(screen.queryByTestId('setting-telegram')).toBeNull();
    expect(screen.queryByTestId('menu-support')).toBeNull();
    // A visitor never asks for the contacts (spec 6).
    expect(server.requests.some((r) => r.url === '/api/app/main/csid')).toBe(false);
  });

  it('a player with both contacts gets the Telegram link and the chat entry', async () => {
    const user = userEvent.setup();
    csidServer('chat-1#trevo_suporte');
    signedIn();
    act(() => overlayStore.set('settingPop'));
    renderPanel();
    const telegram = await screen.findByTestId('setting-telegram');
    expect(telegram.getAttribute('href')).toBe('https://t.me/trevo_suporte');
    expect(telegram.getAttribute('rel')).toContain('noopener');
    await user.click(await screen.findByTestId('menu-support'));
    expect(overlayStore.get()).toBe('supportChat');
  });

  it('no chat id: no customer service; no Telegram contact: no Telegram', async () => {
    csidServer('#trevo_suporte');
    signedIn();
    const first = renderPanel();
    await screen.findByTestId('setting-telegram');
    expect(screen.queryByTestId('menu-support')).toBeNull();
    first.unmount();

    resetSupportContacts();
    csidServer('chat-1#');
    act(() => sessionStore.set({ token: 'tok-2', userInfo: userInfoFixture() }));
    renderPanel();
    await screen.findByTestId('menu-support');
    expect(screen.queryByTestId('setting-telegram')).toBeNull();
  });

  it('turns a contact into a t.me address, refusing anything else', () => {
    expect(telegramHref('trevo_suporte')).toBe('https://t.me/trevo_suporte');
    expect(telegramHref('@Trevo_BR')).toBe('https://t.me/Trevo_BR');
    expect(telegramHref('https://t.me/trevo')).toBe('https://t.me/trevo');
    expect(telegramHref('')).toBeNull();
    expect(telegramHref('javascript:alert(1)')).toBeNull();
    expect(telegramHref('http://evil.example/x')).toBeNull();
  });
});

const winners = [
  { id: 'b2', game: 'dice', player: 'ma***@g***', amount: 10, multiplier: 1.98, payout: 19.8, at: null },
  { id: 'b1', game: 'rowdouble', player: 'jo***@h***', amount: 5, multiplier: 14, payout: 70, at: null },
];

describe('the winners feed', () => {
  it('shows the latest wins from the server to a visitor, masked, with game, bet, multiplier and prize', async () => {
    const server = installFakeServer((config) =>
      config.url === '/api/app/main/winners' ? ok(winners) : ok([]),
    );
    render(<WinnersFeed />);
    const rows = await screen.findAllByTestId('winner-entry');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('ma***@g***');
    expect(rows[0]!.textContent).toContain('Dice');
    expect(rows[0]!.textContent).toContain('R$ 10,00');
    expect(rows[0]!.textContent).toContain('1,98×');
    expect(rows[0]!.textContent).toContain('R$ 19,80');
    expect(rows[1]!.textContent).toContain('R$ 70,00');
    expect(server.requests.filter((r) => r.url === '/api/app/main/winners')).toHaveLength(1);
  });

  it('puts a winning bets.feed push on top and ignores a losing one', async () => {
    installFakeServer((config) => (config.url === '/api/app/main/winners' ? ok(winners) : ok([])));
    signedIn();
    render(<WinnersFeed />);
    await screen.findAllByTestId('winner-entry');
    act(() =>
      sockets[0]!.serverSends('bets.feed', {
        game: 'limbo',
        player: 'pe***@t***',
        amount: 3,
        multiplier: 2,
        payout: 0,
      }),
    );
    expect(screen.getAllByTestId('winner-entry')).toHaveLength(2);
    act(() =>
      sockets[0]!.serverSends('bets.feed', {
        game: 'limbo',
        player: 'pe***@t***',
        amount: 3,
        multiplier: 2.5,
        payout: 7.5,
      }),
    );
    const rows = screen.getAllByTestId('winner-entry');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('pe***@t***');
    expect(rows[0]!.textContent).toContain('R$ 7,50');
  });

  it('says so when nobody has won yet', async () => {
    installFakeServer(() => ok([]));
    render(<WinnersFeed />);
    await waitFor(() => expect(screen.getByTestId('winners-empty')).toBeTruthy());
  });
});

/** A listed fixture with a Resultado final price (home at 1,90). */
function fixture(id: string, patch: Partial<SportsFixture>): SportsFixture {
  return sportsFixture(id, {
    main: mainMarket(id, [{ id: 'home', name: 'Casa', odds: 1.9, active: true }]),
    ...patch,
  });
}

describe('sports highlights', () => {
  it('picks live fixtures first, then the next ones with prices, at most four', () => {
    const list = [
      fixture('a', {}),
      fixture('b', { live: true, periodCode: 1 }),
      fixture('c', { main: null }),
      fixture('d', {}),
      fixture('e', { periodCode: -1 }),
      fixture('f', {}),
      fixture('g', {}),
    ];
    const locked = fixture('h', { live: true, periodCode: 2 });
    locked.main!.outcomes = [{ ...locked.main!.outcomes[0]!, active: false }];
    list.unshift(locked, fixture('i', { live: true, periodCode: 1, suspended: true }));
    expect(pickHighlights(list).map((f) => f.id)).toEqual(['b', 'a', 'd', 'f']);
  });
});

describe("home's banners", () => {
  it('keep their place while they load, so nothing under them moves when they arrive', async () => {
    let answer!: (banners: unknown[]) => void;
    installFakeServer((config) =>
      config.url === '/api/app/main/banners'
        ? new Promise((resolve) => (answer = (banners) => resolve(ok(banners))))
        : ok([]),
    );
    const { container } = render(
      <MemoryRouter>
        <BannerCarousel />
      </MemoryRouter>,
    );
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(container.querySelector('.banners--pending')).not.toBeNull();

    act(() => answer([{ id: 'a', title: 'Presente', subtitle: 'Bônus', link: '/bonuspage', art: '/a.svg' }]));
    expect(await screen.findByTestId('home-banner-a')).toBeTruthy();
    expect(container.querySelector('.banners--pending')).toBeNull();
  });

  it('leave no empty place when there are none', async () => {
    installFakeServer(() => ok([]));
    const { container } = render(
      <MemoryRouter>
        <BannerCarousel />
      </MemoryRouter>,
    );
    await waitFor(() => expect(container.querySelector('.banners--pending')).toBeNull());
    expect(screen.queryByTestId('home-banners')).toBeNull();
  });
});

describe("home's operator content and the language switch", () => {
  it('asks for the banners and sponsors again in the new language, without a reload (issue 18, item 10)', async () => {
    const texts: Record<string, string> = { pt_BR: 'Presente de boas-vindas', en_US: 'Welcome gift' };
    const server = installFakeServer((config) => {
      const lang = String((config.headers as Record<string, unknown>)?.lang ?? 'pt_BR');
      const title = texts[lang] ?? texts.pt_BR!;
      if (config.url === '/api/app/main/banners')
        return ok([{ id: 'boas-vindas', title, subtitle: title, link: '/bonuspage', art: '/promo/a.svg' }]);
      if (config.url === '/api/app/main/sponsors')
        return ok([{ id: 'copa', name: 'Copa Trevo', text: `${title} (patrocínio)`, art: '/promo/b.svg' }]);
      return ok([]);
    });
    render(
      <MemoryRouter>
        <BannerCarousel />
        <SponsorSection />
      </MemoryRouter>,
    );
    expect(await screen.findAllByText('Presente de boas-vindas')).not.toHaveLength(0);
    expect(await screen.findByText('Presente de boas-vindas (patrocínio)')).toBeTruthy();
    try {
      await act(() => setLanguage('en_US'));
      expect(await screen.findAllByText('Welcome gift')).not.toHaveLength(0);
      expect(await screen.findByText('Welcome gift (patrocínio)')).toBeTruthy();
      expect(screen.queryByText('Presente de boas-vindas')).toBeNull();
      const asked = server.requests.filter((r) => r.url === '/api/app/main/banners');
      expect(asked.map((r) => (r.headers as Record<string, unknown>).lang)).toEqual(['pt_BR', 'en_US']);
    } finally {
      await act(() => setLanguage('pt_BR'));
    }
  });
});
