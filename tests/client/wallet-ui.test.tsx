import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { Socket } from 'socket.io-client';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../domain/schemas/user.schema';
import '../../src/lib/i18n';
import { VIP_TABLE } from '../../src/lib/vip-table';
import { configureApiClient } from '../../src/services/api-client';
import { resetSiteInfo } from '../../src/services/site-api';
import { setSocketFactory, syncSocket } from '../../src/services/socket';
import { alertStore } from '../../src/shell/app/dialogs';
import { setNavigator } from '../../src/shell/app/navigation';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { appRoutes } from '../../src/shell/app/routes';
import { sessionStore, turnoverStore } from '../../src/shell/app/session';
import { AlertDialog, Toast } from '../../src/shell/overlays/dialogs-host';
import { OverlayHost } from '../../src/shell/overlays/overlay-host';
import { safePaymentUrl } from '../../src/shell/wallet/payment-frame';
import { VipBadge } from '../../src/shell/components/vip-badge';
import { offerStore } from '../../src/shell/wallet/offers';
import { installWalletReactions } from '../../src/shell/wallet/wallet-reactions';
import { pendingDepositStore } from '../../src/shell/wallet/wallet-store';
import { FakeSocket, installFakeServer, ok, userInfoFixture, type FakeServer } from './support';

const PRICES = [30, 50, 100, 200, 500].map((price, i) => ({
  gift: 0,
  pkgId: `BRL${i + 1}`,
  price,
  sort: i + 1,
  curreny: 'BRL',
}));

const LIMITS = {
  limitAmount: 50,
  number: 9999,
  unlimited: true,
  lock: false,
  wdAmount: 100,
  usdtRate: 5.5,
  serviceAmount: 0.02,
  maxAmount: 10000,
  cardInfo: { CHANNEL: ['CPF', 'CNPJ'] },
  cash: 100,
  turnoverRequired: 0,
  turnoverLeft: 0,
  dailyLeft: 5000,
};

type Route = (config: InternalAxiosRequestConfig) => { status: number; body: unknown } | undefined;

/** A fake server answering by path; unknown paths are a 404. */
function serve(route: Route): FakeServer {
  return installFakeServer((config) => {
    if (config.url === '/api/app/main/notices') return ok([]);
    if (config.url === '/api/app/main/guestAnalysis') return ok({ number: 0, amount: 0 });
    return route(config) ?? { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
  });
}

function logIn(patch: Partial<UserInfo> = {}): UserInfo {
  const info = userInfoFixture(patch);
  sessionStore.set({ token: 'tok', userInfo: info });
  return info;
}

function renderOverlays() {
  return render(
    <MemoryRouter>
      <OverlayHost />
      <AlertDialog />
      <Toast />
    </MemoryRouter>,
  );
}

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
  pendingDepositStore.set(null);
  configureApiClient({ alert: () => undefined, loading: () => undefined });
});

afterEach(() => cleanup());

describe('the deposit popup', () => {
  it('goes through the identity form and comes back to pay the same plan in the payment frame', async () => {
    // happy-dom does not load frames and prints a note when the payment iframe mounts: expected.
    const user = userEvent.setup();
    let verified = false;
    const server = serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/user/updateKyc') {
        verified = true;
        return ok(null, 'Terminar');
      }
      if (config.url === '/api/app/user/userInfo') return ok(userInfoFixture({ kyc: verified ? 1 : 0 }));
      if (config.url?.startsWith('/api/app/order/prePay/')) {
        return ok({ orderId: 'D1', payNo: 'TX1', url: '/sandbox-psp/checkout/TX1' });
      }
      if (config.url?.startsWith('/api/app/order/getStatus/')) return ok({ status: '00' });
      return undefined;
    });
    logIn({ kyc: 0, name: 'Ana Souza' });
    renderOverlays();
    act(() => overlayStore.set('deposit'));

    const hundred = await screen.findByTestId('deposit-price-100');
    expect(hundred.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(3);
    expect(screen.getByTestId('deposit-notes').textContent).toContain('00:00-24:00');
    await user.click(screen.getByTestId('deposit-price-200'));
    await user.click(screen.getByTestId('deposit-submit'));

    expect(overlayStore.get()).toBe('editBank');
    expect((await screen.findByTestId('kyc-warning')).textContent).toBe(
      'Por favor, assegure-se da veracidade das informações acima para garantir a segurança dos seus fundos.',
    );
    expect((screen.getByTestId('kyc-name') as HTMLInputElement).value).toBe('Ana Souza');
    // The CPF given at sign-up is already there: the player types it no second time.
    expect((screen.getByTestId('kyc-cpf') as HTMLInputElement).value).toBe('529.982.247-25');
    await user.click(screen.getByTestId('kyc-submit'));

    const confirm = await screen.findByTestId('deposit-confirm');
    expect(overlayStore.get()).toBe('deposit');
    expect(screen.getByTestId('toast').textContent).toBe('Terminar');
    const kyc = server.requests.find((r) => r.url === '/api/app/user/updateKyc')!;
    expect(JSON.parse(kyc.data as string)).toEqual({ name: 'Ana Souza', cardNo: '52998224725' });
    expect(within(confirm).getByText('R$ 200,00')).toBeTruthy();

    await user.click(screen.getByTestId('deposit-confirm-pay'));
    const iframe = await screen.findByTestId('payment-iframe');
    const prePay = server.requests.find((r) => r.url === '/api/app/order/prePay/BRL4')!;
    expect(prePay.data).toBe('gift=0&pkgId=BRL4&isapp=0');
    expect(prePay.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(iframe.getAttribute('src')).toBe(`${window.location.origin}/sandbox-psp/checkout/TX1`);

    await user.click(screen.getByTestId('payment-frame-close'));
    expect(screen.getByTestId('payment-complete').textContent).toBe('Concluir recarga');
    expect(screen.getByTestId('payment-cancel').textContent).toBe('Cancelar recarga');
    await user.click(screen.getByTestId('payment-cancel'));

    expect(screen.queryByTestId('payment-wait')).toBeNull();
    expect(screen.getByTestId('deposit-panel')).toBeTruthy();
  });

  it("alerts 'Por favor, selecione o montante de recarga' with 'Eu entendi' when no plan is selected", async () => {
    const user = userEvent.setup();
    serve((config) =>
      config.url === '/api/app/order/getPrices' ? ok([{ ...PRICES[0]!, price: 20 }, PRICES[1]]) : undefined,
    );
    logIn({ kyc: 1 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));

    await user.click(await screen.findByTestId('deposit-submit'));

    expect(screen.getByTestId('alert-message').textContent).toBe(
      'Por favor, selecione o montante de recarga',
    );
    expect(screen.getByTestId('alert-ok').textContent).toBe('Eu entendi');
  });

  it('says the range of "Outro valor" when the amount typed there is outside it, and asks for nothing', async () => {
    resetSiteInfo();
    const user = userEvent.setup();
    const server = serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/main/site')
        return ok({
          profile: 'seed',
          demo: true,
          legal: null,
          signupLimits: { required: false, loss: 0, session: 0 },
          deposit: { min: 10, max: 50000 },
        });
      return undefined;
    });
    logIn({ kyc: 1 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));

    const field = await screen.findByTestId('deposit-custom');
    await user.click(field);
    await user.type(field, '5');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-custom-hint').textContent).toBe('De R$ 10,00 a R$ 50.000,00.'),
    );
    await user.click(screen.getByTestId('deposit-submit'));

    expect((await screen.findByTestId('alert-message')).textContent).toBe(
      'Digite em Outro valor um valor de R$ 10,00 a R$ 50.000,00.',
    );
    expect(server.requests.some((r) => r.url === '/api/app/order/prePay')).toBe(false);
    resetSiteInfo();
  });

  it('switches to the withdrawal tab with its limits, and checks the minimum before sending', async () => {
    const user = userEvent.setup();
    const server = serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/order/getWithdraw') return ok(LIMITS);
      return undefined;
    });
    logIn({ kyc: 1, balance: 120 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));

    await user.click(await screen.findByTestId('wallet-tab-withdraw'));
    expect(overlayStore.get()).toBe('withdraw');
    expect((await screen.findByTestId('withdraw-left')).textContent).toBe('ilimitado');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('2%');
    expect(screen.getByTestId('withdraw-max').textContent).toBe('R$ 10.000,00');
    expect(screen.getByTestId('withdraw-available').textContent).toBe('R$ 100,00');
    // Short enough for a phone's field beside 'R$' and 'Tudo' (a sentence was cut mid-word there).
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).placeholder).toBe('Mín. R$ 50,00');
    await user.type(screen.getByTestId('withdraw-amount'), '999');
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('120');
    // Capped as the specification says, and the field says why its value is not what was typed.
    expect(screen.getByText('Valor ajustado ao seu saldo: R$ 120,00.')).toBeTruthy();
    await user.clear(screen.getByTestId('withdraw-amount'));
    expect(screen.queryByText(/Valor ajustado/)).toBeNull();
    await user.click(screen.getByTestId('withdraw-submit'));

    expect(screen.getByTestId('alert-message').textContent).toBe('O valor mínimo de saque é R$ 50.');
    expect(server.requests.some((r) => r.url === '/api/app/order/withdraw')).toBe(false);
  });

  it('says why nothing can be withdrawn: the wagering still required, as words and a bar', async () => {
    const user = userEvent.setup();
    serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/order/getWithdraw') {
        return ok({ ...LIMITS, wdAmount: 0, cash: 31, turnoverRequired: 100, turnoverLeft: 69 });
      }
      return undefined;
    });
    logIn({ kyc: 1, balance: 31 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));
    await user.click(await screen.findByTestId('wallet-tab-withdraw'));
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('R$ 0,00');
    const why = screen.getByTestId('withdraw-why');
    expect(why.textContent).toContain('Para sacar, aposte mais R$ 69,00.');
    expect(why.textContent).toContain('Apostado R$ 31,00 de R$ 100,00.');
    expect(screen.getByTestId('withdraw-turnover-bar').getAttribute('aria-valuenow')).toBe('31');
  });

  it('says what today still allows when the daily limit is below the cash', async () => {
    const user = userEvent.setup();
    serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/order/getWithdraw')
        return ok({ ...LIMITS, wdAmount: 40, cash: 300, dailyLeft: 40 });
      return undefined;
    });
    logIn({ kyc: 1, balance: 300 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));
    await user.click(await screen.findByTestId('wallet-tab-withdraw'));
    expect((await screen.findByTestId('withdraw-why')).textContent).toBe(
      'Hoje você ainda pode sacar R$ 40,00 (limite diário do seu nível VIP).',
    );
  });

  it('after a withdrawal inside a game, closes the popup and keeps the table (not thrown home)', async () => {
    const user = userEvent.setup();
    const OWN = '52998224725';
    serve((config) => {
      if (config.url === '/api/app/order/getPrices') return ok(PRICES);
      if (config.url === '/api/app/order/getWithdraw') {
        return ok({
          ...LIMITS,
          cardInfo: {
            CHANNEL: ['CPF', 'CNPJ'],
            CPF: { ifsc: OWN, payCardNo: OWN, name: 'Ana Souza', whatsapp: '11987654321' },
          },
        });
      }
      if (config.url === '/api/app/order/withdraw') {
        return ok(
          { id: 'W1', status: '00', amount: 60, fee: 1.2, waitsForApproval: false },
          'Solicitação de saque bem-sucedida!',
        );
      }
      if (config.url === '/api/app/user/getBalance')
        return ok({ balance: 60, bonusBalance: 0, freeBalance: 0 });
      return undefined;
    });
    const went: string[] = [];
    setNavigator((to) => void went.push(to));
    for (const [path, home] of [
      ['/dice', false],
      ['/conta', true],
    ] as const) {
      window.history.pushState({}, '', path);
      logIn({ kyc: 1, balance: 120 });
      renderOverlays();
      act(() => overlayStore.set('withdraw'));
      await user.type(await screen.findByTestId('withdraw-amount'), '60');
      await user.click(screen.getByTestId('withdraw-submit'));
      await waitFor(() => expect(overlayStore.get()).toBe(''));
      expect(went.includes('/home'), path).toBe(home);
      cleanup();
    }
  });

  it('shows a demo account why it cannot deposit, with the way to a real account', async () => {
    serve(() => undefined);
    logIn({ testFlag: 1 });
    renderOverlays();
    act(() => overlayStore.set('deposit'));

    expect(await screen.findByTestId('wallet-demo')).toBeTruthy();
    expect(screen.queryByTestId('deposit-panel')).toBeNull();
  });
});

describe('the offer and low-balance panels', () => {
  it('sells the first-deposit packages with their bonus while the offer counts down', async () => {
    const variants: string[] = [];
    serve((config) => {
      if (config.url !== '/api/app/order/getPrices') return undefined;
      variants.push((config.params as { curreny: string }).curreny);
      return ok(PRICES.slice(0, 4).map((p) => ({ ...p, gift: p.price * 0.3, curreny: 'BTBRL' })));
    });
    logIn({ kyc: 1 });
    offerStore.set({ kind: 'FPDATA', remainingMs: 3_600_000 });
    renderOverlays();
    act(() => overlayStore.set('secondDeposit'));

    expect(await screen.findByText('Oferta de primeiro depósito')).toBeTruthy();
    expect(screen.getByTestId('offer-countdown').textContent).toBe('01:00:00');
    expect((await screen.findByTestId('deposit-price-100')).textContent).toContain('+R$ 30,00 de bônus');
    expect((screen.getByTestId('deposit-gift') as HTMLInputElement).checked).toBe(true);
    expect(variants).toEqual(['BTBRL']);

    act(() => offerStore.set(null));
    expect(overlayStore.get()).toBe('');
  });

  it('offers the game recharge plan (INSBRL) when the cash runs low', async () => {
    const variants: string[] = [];
    serve((config) => {
      if (config.url !== '/api/app/order/getPrices') return undefined;
      variants.push((config.params as { curreny: string }).curreny);
      return ok(PRICES.slice(0, 4));
    });
    logIn({ kyc: 1, balance: 4.5 });
    renderOverlays();
    act(() => overlayStore.set('gameDeposit'));

    expect((await screen.findByTestId('game-deposit-panel')).textContent).toContain('R$ 4,50');
    await screen.findByTestId('deposit-price-100');
    expect(variants).toEqual(['INSBRL']);
  });
});

describe('socket reactions of the wallet', () => {
  afterEach(() => {
    syncSocket(null);
    setSocketFactory(null);
  });

  it('opens the game plan under R$ 10 of cash and the deposit under R$ 0,51 spendable, never over an open panel', () => {
    const sockets: FakeSocket[] = [];
    setSocketFactory((options) => {
      const socket = new FakeSocket(options as Record<string, unknown>);
      sockets.push(socket);
      return socket as unknown as Socket;
    });
    logIn();
    installWalletReactions();
    syncSocket('tok');
    const socket = sockets[0]!;

    socket.serverSends('insBalance', { balance: 10 });
    expect(overlayStore.get()).toBe('');
    socket.serverSends('insBalance', { balance: 9.99 });
    expect(overlayStore.get()).toBe('gameDeposit');
    socket.serverSends('freeBalance', { freeBalance: 0.5 });
    expect(overlayStore.get()).toBe('gameDeposit');

    overlayStore.set('');
    socket.serverSends('freeBalance', { freeBalance: 0.51 });
    expect(overlayStore.get()).toBe('');
    socket.serverSends('freeBalance', { freeBalance: 0.5 });
    expect(overlayStore.get()).toBe('deposit');

    overlayStore.set('');
    logIn({ testFlag: 1 });
    socket.serverSends('insBalance', { balance: 1 });
    expect(overlayStore.get()).toBe('');
  });
});

describe('the wallet pages', () => {
  it('/registros lists records with pt-BR types, statuses and signed amounts, page by page', async () => {
    const user = userEvent.setup();
    const pages: number[] = [];
    serve((config) => {
      if (config.url !== '/api/app/user/records') return undefined;
      const params = config.params as { kind: string; page: number; size: number };
      // The casino section reads the latest game bets (issue 18, item 9).
      if (params.kind === 'game') {
        expect(params.size).toBe(5);
        return ok({
          list: [
            {
              id: 'B7',
              game: 'dice',
              amount: 2,
              payout: 3.96,
              multiplier: 1.98,
              status: 'settled',
              params: {},
              outcome: {},
              roundId: null,
              fairness: { serverSeedHash: 'ab12', clientSeed: 'c1', nonce: 3 },
              createdAt: '2026-03-05T17:10:00.000Z',
            },
            {
              id: 'B6',
              game: 'dice',
              amount: 2,
              payout: 0,
              multiplier: 0,
              status: 'settled',
              params: {},
              outcome: {},
              roundId: null,
              fairness: { serverSeedHash: 'ab12', clientSeed: 'c1', nonce: 2 },
              createdAt: '2026-03-05T17:09:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          size: 5,
        });
      }
      expect(params.kind).toBe('wallet');
      pages.push(params.page);
      return ok({
        list: [
          {
            id: 'W1',
            type: 11,
            status: '00',
            amount: -60,
            createdAt: '2026-03-05T17:07:00.000Z',
            detail: 'CPF',
          },
          {
            id: 'D1',
            type: 10,
            status: '10',
            amount: 100,
            createdAt: '2026-03-05T17:00:00.000Z',
            detail: '',
          },
          {
            id: 'L7',
            type: 141,
            status: '10',
            amount: 20,
            createdAt: '2026-03-05T17:00:00.000Z',
            detail: 'PIX E2026030517',
            note: 'depositGift',
          },
          { id: 'V1', type: 14, status: '10', amount: 5, createdAt: '2026-03-05T17:00:00.000Z', detail: '' },
          {
            id: 'X1',
            type: 12,
            status: '01',
            amount: -10,
            createdAt: '2026-03-05T16:00:00.000Z',
            detail: '',
          },
        ],
        total: 45,
        page: params.page,
        size: params.size,
      });
    });
    logIn();
    renderAt('/registros');

    const rows = await screen.findAllByTestId('record-row');
    const text = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent;
    expect(rows.map((r) => text(r, 'record-type'))).toEqual([
      'Saque',
      'Depósito',
      'Promoção',
      'Prêmio de nível VIP',
      'Transferência',
    ]);
    // A deposit's gift says what it is and names its deposit, never the order's internal id.
    expect(text(rows[2]!, 'record-detail')).toBe('Bônus do depósito PIX E2026030517, no saldo de bônus');
    expect(rows.map((r) => text(r, 'record-status'))).toEqual([
      'Pendente',
      'Concluído',
      'Concluído',
      'Concluído',
      'Cancelado',
    ]);
    expect(rows.map((r) => text(r, 'record-amount'))).toEqual([
      '−R$ 60,00',
      '+R$ 100,00',
      '+R$ 20,00',
      '+R$ 5,00',
      '−R$ 10,00',
    ]);
    expect(screen.getByTestId('records-page').textContent).toBe('Página 1 de 3');
    const casino = await within(screen.getByTestId('records-casino')).findAllByTestId('mess-row');
    expect(casino).toHaveLength(2);
    expect(casino[0]!.textContent).toContain('Dice');
    // The payout is what it is, a prize, not a win of R$ 3,96 on R$ 2.
    expect(casino[0]!.textContent).toContain('Prêmio R$ 3,96');
    // A loss says "Sem prêmio", without a multiplier of 0,00×.
    expect(casino[1]!.textContent).toContain('Sem prêmio');
    expect(casino[1]!.textContent).not.toContain('0,00×');
    expect(screen.getByTestId('records-casino-all').getAttribute('href')).toBe('/gameMess');

    await user.click(screen.getByTestId('records-next'));
    await waitFor(() => expect(screen.getByTestId('records-page').textContent).toBe('Página 2 de 3'));
    expect(pages).toEqual([1, 2]);
  });

  it('/vip shows the thirteen levels and what is missing for the next', async () => {
    serve(() => undefined);
    logIn({
      level: 1,
      paySumAmount: 140,
      gameSumAmount: 2600,
      nextlevel: { paySumAmount: 500, gameSumAmount: 2500 },
    });
    renderAt('/vip');

    expect((await screen.findByTestId('vip-level')).textContent).toBe('VIP 1');
    expect(screen.getByTestId('vip-missing-deposit').textContent).toBe('Faltam R$ 360,00 em depósitos');
    expect(screen.getByTestId('vip-missing-wager').textContent).toBe('Apostas concluídas');
    const rows = within(screen.getByTestId('vip-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(13);
    expect(screen.getByTestId('vip-row-1').getAttribute('aria-current')).toBe('true');
    const cells = within(screen.getByTestId('vip-row-10'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'R$ 1.500.000,00',
      'R$ 12.000.000,00',
      'R$ 18.000,00',
      'ilimitado',
      'R$ 500.000,00',
    ]);
  });

  it("/vip draws the server's table, which an operator may have changed since the build", async () => {
    const table = VIP_TABLE.map((row) => (row.level === 2 ? { ...row, depositSum: 777 } : row));
    serve((config) => (config.url === '/api/app/main/vip' ? ok(table) : undefined));
    logIn({ level: 1 });
    renderAt('/vip');
    await waitFor(() =>
      expect(within(screen.getByTestId('vip-row-2')).getAllByRole('cell')[0]!.textContent).toBe('R$ 777,00'),
    );
  });

  it('/conta shows the balances, what can be withdrawn and opens the popup tabs', async () => {
    const user = userEvent.setup();
    serve((config) =>
      config.url === '/api/app/order/getWithdraw' ? ok({ ...LIMITS, wdAmount: 80 }) : undefined,
    );
    logIn({ balance: 100, bonusBalance: 5, freeBalance: 105, kyc: 0 });
    renderAt('/conta');

    // The large figure is the cash, as in the header; the bonus is beside it, never added in.
    const cash = await screen.findByTestId('account-cash');
    expect(cash.textContent).toBe('R$ 100,00');
    expect(cash.previousElementSibling?.textContent).toBe('Saldo em dinheiro');
    expect(screen.getByTestId('header-balance').textContent).toContain('R$ 100,00');
    expect(screen.getByTestId('account-bonus').textContent).toBe('R$ 5,00');
    expect(screen.getByTestId('account-bonus').previousElementSibling?.textContent).toBe('Saldo de bônus');
    expect(screen.queryByText('R$ 105,00')).toBeNull();
    expect(screen.getByTestId('account-playable').textContent).toBe(
      'Para apostar você tem até R$ 105,00: primeiro o dinheiro, depois o bônus.',
    );
    await waitFor(() => expect(screen.getByTestId('account-withdrawable').textContent).toBe('R$ 80,00'));
    expect(screen.queryByTestId('account-turnover')).toBeNull();
    act(() => turnoverStore.set({ bouns: 1, amount: 12.5 }));
    expect(screen.getByTestId('account-turnover').textContent).toBe(
      'Falta apostar R$ 12,50 para liberar o saque',
    );
    act(() => turnoverStore.set({ bouns: 1, amount: 0 }));
    expect(screen.queryByTestId('account-turnover')).toBeNull();
    await user.click(screen.getByTestId('account-withdraw'));
    expect(overlayStore.get()).toBe('withdraw');
    act(() => overlayStore.set(''));
    await user.click(screen.getByTestId('account-kyc-verify'));
    expect(overlayStore.get()).toBe('editBank');
  });
});

describe('demo accounts', () => {
  it('issues one from the login panel, shows its credentials and fills the login form with them', async () => {
    const user = userEvent.setup();
    serve((config) =>
      config.url === '/api/app/user/getUserTest'
        ? ok({ username: 'demo.ab12@trevo.demo', pwd: 'Demo#8x7Kq2', balance: 1000 })
        : undefined,
    );
    renderOverlays();
    act(() => overlayStore.set('login'));

    await user.click(await screen.findByTestId('login-demo'));
    expect((await screen.findByTestId('test-account-username')).textContent).toBe('demo.ab12@trevo.demo');
    expect(screen.getByTestId('test-account-password').textContent).toBe('Demo#8x7Kq2');
    expect(screen.getByTestId('test-account-panel').textContent).toContain('R$ 1.000,00');
    await user.click(screen.getByTestId('test-account-use'));

    expect(((await screen.findByTestId('login-username')) as HTMLInputElement).value).toBe(
      'demo.ab12@trevo.demo',
    );
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('Demo#8x7Kq2');
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the VIP emblem', () => {
  it('caps the level image: above 23 the first image is shown', () => {
    const { container } = render(
      <>
        <VipBadge level={23} />
        <VipBadge level={24} />
      </>,
    );
    const images = [...container.querySelectorAll('svg')].map((svg) => svg.getAttribute('data-image'));
    expect(images).toEqual(['23', '0']);
  });
});

describe('the payment frame', () => {
  it('only frames http(s) pages', () => {
    expect(safePaymentUrl('/sandbox-psp/checkout/TX1', 'https://trevo.test')).toBe(
      'https://trevo.test/sandbox-psp/checkout/TX1',
    );
    expect(safePaymentUrl('https://psp.example/pay/1', 'https://trevo.test')).toBe(
      'https://psp.example/pay/1',
    );
    expect(safePaymentUrl('javascript:alert(1)', 'https://trevo.test')).toBeNull();
    expect(safePaymentUrl('data:text/html,hi', 'https://trevo.test')).toBeNull();
  });
});
