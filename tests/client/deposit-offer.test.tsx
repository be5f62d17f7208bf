import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../domain/schemas/user.schema';
import '../../src/lib/i18n';
import { configureApiClient } from '../../src/services/api-client';
import { alertStore } from '../../src/shell/app/dialogs';
import { overlayStore } from '../../src/shell/app/overlay-store';
import { sessionStore } from '../../src/shell/app/session';
import { AlertDialog } from '../../src/shell/overlays/dialogs-host';
import { OverlayHost } from '../../src/shell/overlays/overlay-host';
import { offerStore } from '../../src/shell/wallet/offers';
import { pendingDepositStore } from '../../src/shell/wallet/wallet-store';
import { installFakeServer, ok, userInfoFixture } from './support';

/**
 * The plain deposit ("Depósito" of the user menu) beside the deposit advantages: an open first- or
 * second-deposit offer is shown and reachable before paying (a player paid R$ 100 there, got no
 * offer bonus and lost the offer), and the deposit discount reads as the bonus it is (decision 17).
 */

const PLAIN = [30, 50, 100, 200].map((price, i) => ({
  gift: 0,
  pkgId: `BRL${i + 1}`,
  price,
  sort: i + 1,
  curreny: 'BRL',
}));
const OFFER_GIFTS: Record<number, number> = { 50: 5, 100: 15, 200: 35, 500: 100 };
const OFFER = [50, 100, 200, 500].map((price, i) => ({
  gift: OFFER_GIFTS[price]!,
  pkgId: `BT${i + 1}`,
  price,
  sort: i + 1,
  curreny: 'BTBRL',
}));

/** Answers the packages of each variant; `asked` collects the variants asked for. */
function serve(asked: string[] = []) {
  return installFakeServer((config: InternalAxiosRequestConfig) => {
    if (config.url === '/api/app/order/getPrices') {
      const variant = (config.params as { curreny: string }).curreny;
      asked.push(variant);
      return ok(variant === 'BRL' ? PLAIN : OFFER);
    }
    return { status: 404, body: { status: 404, message: 'Não encontrado', data: null } };
  });
}

function logIn(patch: Partial<UserInfo> = {}): void {
  sessionStore.set({ token: 'tok', userInfo: userInfoFixture({ kyc: 1, ...patch }) });
}

function openDeposit(): void {
  render(
    <MemoryRouter>
      <OverlayHost />
      <AlertDialog />
    </MemoryRouter>,
  );
  act(() => overlayStore.set('deposit'));
}

beforeEach(() => {
  sessionStore.set({ token: null, userInfo: null });
  overlayStore.set('');
  offerStore.set(null);
  alertStore.set([]);
  pendingDepositStore.set(null);
  configureApiClient({ alert: () => undefined, loading: () => undefined });
});

afterEach(() => cleanup());

describe('the plain deposit while a deposit offer is open', () => {
  it('shows the first-deposit offer at the top, with its largest bonus and countdown, and opens it', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    serve(asked);
    logIn();
    offerStore.set({ kind: 'FPDATA', remainingMs: 3_600_000 });
    openDeposit();

    const teaser = await screen.findByTestId('deposit-offer');
    expect(within(teaser).getByRole('heading').textContent).toBe('Oferta de primeiro depósito');
    expect((await within(teaser).findByTestId('deposit-offer-gift')).textContent).toBe(
      'Até +R$ 100,00 de bônus nos valores da oferta',
    );
    expect(teaser.textContent).toContain('Termina em 01:00:00');
    expect(asked).toContain('BTBRL');

    await user.click(within(teaser).getByTestId('deposit-offer-open'));
    expect(overlayStore.get()).toBe('secondDeposit');
    expect(await screen.findByTestId('offer-panel')).toBeTruthy();
  });

  it('says at the confirmation that this payment carries no offer bonus and ends the offer', async () => {
    const user = userEvent.setup();
    serve();
    logIn();
    offerStore.set({ kind: 'FCDATA', remainingMs: 60_000 });
    openDeposit();

    await user.click(await screen.findByTestId('deposit-price-100'));
    await user.click(screen.getByTestId('deposit-submit'));
    const note = within(await screen.findByTestId('deposit-confirm')).getByTestId('deposit-confirm-offer');
    expect(note.textContent).toContain(
      'Este depósito não leva o bônus da oferta de segundo depósito, e a oferta acaba com ele.',
    );
    await user.click(within(note).getByTestId('deposit-confirm-offer-open'));
    expect(overlayStore.get()).toBe('secondDeposit');
  });

  it('shows no offer when none is open, and none inside the offer itself', async () => {
    serve();
    logIn();
    openDeposit();
    await screen.findByTestId('deposit-price-100');
    expect(screen.queryByTestId('deposit-offer')).toBeNull();

    act(() => offerStore.set({ kind: 'FPDATA', remainingMs: 60_000 }));
    act(() => overlayStore.set('secondDeposit'));
    await screen.findByTestId('deposit-price-500');
    expect(screen.queryByTestId('deposit-offer')).toBeNull();
  });
});

describe('the deposit discount', () => {
  it('reads as a bonus on every deposit and says what the chosen amount brings', async () => {
    const user = userEvent.setup();
    serve();
    logIn({ payDiscount: { discount: 0.05, expiredTime: new Date(Date.now() + 3_600_000).toISOString() } });
    openDeposit();

    await user.click(await screen.findByTestId('deposit-price-200'));
    const banner = screen.getByTestId('deposit-discount');
    expect(banner.textContent).toContain('+5% de bônus em cada depósito');
    expect(banner.textContent).not.toMatch(/desconto/i);
    expect(screen.getByTestId('deposit-discount-this').textContent).toBe(
      'Neste depósito: +R$ 10,00 de bônus',
    );

    await user.click(screen.getByTestId('deposit-price-30'));
    expect(screen.getByTestId('deposit-discount-this').textContent).toBe('Neste depósito: +R$ 1,50 de bônus');

    await user.click(screen.getByTestId('deposit-submit'));
    const confirm = await screen.findByTestId('deposit-confirm');
    expect(confirm.textContent).toContain('Bônus de 5% do depósito');
    expect(within(confirm).getByTestId('deposit-confirm-discount').textContent).toBe('+R$ 1,50');
    expect(confirm.textContent).not.toMatch(/desconto/i);
  });
});
