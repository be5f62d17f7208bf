import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import { sessionStore } from '../../src/shell/app/session';
import { Toast } from '../../src/shell/overlays/dialogs-host';
import { PromoGiftOverlay, shouldShowGift } from '../../src/shell/promo/promo-gift';
import { SharePage } from '../../src/shell/promo/share-page';
import { installFakeServer, ok, userInfoFixture } from './support';

/** /share and the promo-gift overlay of home (issue 7), against a stand-in server. */

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  act(() => sessionStore.set({ token: 'tok', userInfo: userInfoFixture({ yqm: 'TRV7K2QZ' }) }));
});

afterEach(() => {
  cleanup();
  act(() => sessionStore.set({ token: null, userInfo: null }));
});

const REWARDS = {
  minFirstDeposit: 30,
  levels: [{ level: 1, invitees: 1, reward: 5 }],
  commissionRates: [0.005, 0.002, 0.001],
  progress: {
    qualified: 1,
    received: [],
    byLevel: [
      { level: 1, persons: 1, wagered: 20, profit: 0.1 },
      { level: 2, persons: 0, wagered: 0, profit: 0 },
      { level: 3, persons: 0, wagered: 0, profit: 0 },
    ],
    commissionReceived: 0,
    commissionReceivable: 0.1,
  },
};

const ROW = {
  joinedAt: '2026-11-20T13:05:00.000Z',
  totalDeposit: 130,
  level: 1,
  invitee: 'jo***@e***',
  firstDeposit: 100,
  wagered: 20,
  profit: 0.1,
};

describe('/share', () => {
  it('shows the invite link and code with copy, and the real rows of each level', async () => {
    const user = userEvent.setup();
    const server = installFakeServer((config) => {
      if (config.url === '/api/app/agent/rewards') return ok(REWARDS);
      if (config.url === '/api/app/user/referrals') {
        const level = Number(config.params.level);
        return ok({
          level,
          rate: 0.005,
          list: level === 1 ? [ROW] : [],
          total: level === 1 ? 1 : 0,
          page: 1,
          size: 20,
        });
      }
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
    const router = createMemoryRouter(
      [
        {
          path: '/share',
          handle: { page: 'share' },
          element: (
            <>
              <SharePage />
              <Toast />
            </>
          ),
        },
      ],
      { initialEntries: ['/share'] },
    );
    render(<RouterProvider router={router} />);

    expect((await screen.findByTestId('share-link-value')).textContent).toBe(
      `${window.location.origin}/yTRV7K2QZ`,
    );
    expect(screen.getByTestId('share-code-value').textContent).toBe('TRV7K2QZ');
    await user.click(screen.getByTestId('share-link-copy'));
    // user-event puts its own clipboard in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/yTRV7K2QZ`);
    expect((await screen.findByTestId('toast')).textContent).toBe('A cópia foi bem-sucedida');
    await user.click(screen.getByTestId('share-code-copy'));
    expect(await navigator.clipboard.readText()).toBe('TRV7K2QZ');

    const table = screen.getByTestId('share-table');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Encontro',
      'Total',
      'Nível',
      'Convidada',
      'Primeiro Depósito',
      'Valor da aposta',
      'Lucros',
    ]);
    const row = await screen.findByTestId('share-row');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(1)).toEqual(['R$ 130,00', '1', 'jo***@e***', 'R$ 100,00', 'R$ 20,00', 'R$ 0,10']);
    expect(cells[0]).toMatch(/20\/11\/2026/);
    expect(within(screen.getByTestId('share-level-1')).getByText('R$ 0,10')).toBeTruthy();
    expect(screen.getByTestId('share-receivable').textContent).toBe('R$ 0,10');

    await user.click(screen.getByTestId('share-tab-2'));
    expect(await screen.findByTestId('share-empty')).toBeTruthy();
    expect(screen.queryByTestId('share-row')).toBeNull();
    const levels = server.requests
      .filter((r) => r.url === '/api/app/user/referrals')
      .map((r) => Number(r.params.level));
    expect(levels).toEqual([1, 2]);
  });
});

describe('the promo-gift overlay', () => {
  it('follows spec 4: a gift and a messaging link without "manager"', () => {
    expect(shouldShowGift(true, 'trevo_suporte')).toBe(true);
    expect(shouldShowGift(true, 'https://t.me/trevo_manager')).toBe(false);
    expect(shouldShowGift(false, 'trevo_suporte')).toBe(false);
  });

  function giftServer(telegram: string) {
    return installFakeServer((config) => {
      if (config.url === '/api/app/main/userGift') return ok(1);
      if (config.url === '/api/app/main/csid')
        return { status: 200, body: { status: 200, message: `chat-1#${telegram}`, data: null } };
      if (config.url === '/api/app/bonus/list') {
        return ok({
          list: [{ bonusId: 'gift:boas-vindas', kind: 'gift', amount: 5 }],
          history: [],
          bonusBalance: 0,
          turnoverMultiple: 2,
          turnoverLeft: 0,
        });
      }
      if (config.url === '/api/app/main/userGift/receive') {
        return ok({ bonusId: 'gift:boas-vindas', amount: 5, bonusBalance: 5 }, 'Presente recebido!');
      }
      if (config.url === '/api/app/user/userInfo') return ok(userInfoFixture({ bonusBalance: 5 }));
      return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
    });
  }

  it('shows the gift on home and receives it once with an idempotency key', async () => {
    const user = userEvent.setup();
    const server = giftServer('trevo_suporte');
    render(
      <MemoryRouter initialEntries={['/home']}>
        <PromoGiftOverlay />
        <Toast />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('promo-gift-amount')).textContent?.replace(/\s/g, ' ')).toBe('R$ 5,00');
    await user.click(screen.getByTestId('promo-gift-receive'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Presente recebido!');
    await waitFor(() => expect(screen.queryByTestId('promo-gift')).toBeNull());
    const receives = server.requests.filter((r) => r.url === '/api/app/main/userGift/receive');
    expect(receives).toHaveLength(1);
    expect(String(receives[0]!.headers['Idempotency-Key'])).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stays hidden when the messaging link contains "manager"', async () => {
    const server = giftServer('trevo_manager');
    render(
      <MemoryRouter initialEntries={['/home']}>
        <PromoGiftOverlay />
      </MemoryRouter>,
    );
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/app/main/csid')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('promo-gift')).toBeNull();
    expect(server.requests.some((r) => r.url === '/api/app/bonus/list')).toBe(false);
  });

  it('hides when the player leaves the active route', async () => {
    const user = userEvent.setup();
    giftServer('trevo_suporte');
    render(
      <MemoryRouter initialEntries={['/home']}>
        <PromoGiftOverlay />
        <Link to="/vip">VIP</Link>
      </MemoryRouter>,
    );
    await screen.findByTestId('promo-gift');
    await user.click(screen.getByText('VIP'));
    expect(screen.queryByTestId('promo-gift')).toBeNull();
  });
});
