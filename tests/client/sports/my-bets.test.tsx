import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { setLanguage } from '../../../src/lib/i18n';
import { sessionStore } from '../../../src/shell/app/session';
import { MyBetsPage, OPEN_BETS_REFRESH_MS } from '../../../src/shell/sports/my-bets-page';
import { SportsHistory } from '../../../src/shell/sports/sports-history';
import { installFakeServer, ok, type FakeServer } from '../support';
import { SHIPPED_LIMITS } from '../../support/sports-limits';

/**
 * Minhas apostas speaks words, not codes (issue 18, item 1), and cash-out asks before money moves,
 * then leaves a receipt where the card was (item 2).
 */
const leg = (patch: Record<string, unknown> = {}) => ({
  fixtureId: 'fx-1',
  fixture: 'Flamengo x Palmeiras',
  marketId: 'match_winner:full',
  market: 'Resultado Final',
  outcomeId: 'home',
  outcome: 'Flamengo',
  odds: 2.1,
  live: false,
  scoreAtPlacement: null,
  result: 1000,
  resultText: 'Em aberto',
  ...patch,
});
const bet = (patch: Record<string, unknown> = {}) => ({
  betId: 'b-1',
  kind: 'single',
  state: 'open',
  stake: 10,
  stakeOpen: 10,
  payout: 0,
  cashedOut: 0,
  cashout: { available: true, value: 8.4 },
  potentialReturn: 21,
  combinedOdds: 2.1,
  result: 1000,
  resultText: 'Em aberto',
  orderStatus: 0,
  oddsChange: 'none',
  placedAt: '2026-03-13T12:00:00.000Z',
  acceptAt: null,
  settledAt: null,
  legs: [leg()],
  ...patch,
});

let server: FakeServer;
/** How many times each tab's bets were asked for. */
const reads = { open: 0, settled: 0 };
let open: unknown[];
let settled: unknown[];
const cashouts: InternalAxiosRequestConfig[] = [];

beforeEach(async () => {
  await setLanguage('pt_BR');
  sessionStore.set({ ...sessionStore.get(), token: 'token-1' });
  open = [bet(), bet({ betId: 'b-2', stake: 5 })];
  settled = [
    bet({
      betId: 'b-3',
      state: 'cashed_out',
      result: 10,
      resultText: 'Encerrada (cash-out)',
      orderStatus: 9999,
      cashedOut: 12.5,
      cashout: null,
    }),
    bet({
      betId: 'b-4',
      state: 'settled',
      result: 20,
      orderStatus: 9999,
      cashout: null,
      legs: [leg({ result: 20 })],
    }),
  ];
  cashouts.length = 0;
  reads.open = 0;
  reads.settled = 0;
  server = installFakeServer((config) => {
    if (config.url?.endsWith('/sports/bets')) {
      // A page as the server answers it: `size` bets from `page`, and how many there are.
      const all = config.params?.status === 'settled' ? settled : open;
      reads[config.params?.status === 'settled' ? 'settled' : 'open']++;
      const page = Number(config.params?.page ?? 1);
      const size = Number(config.params?.size ?? 20);
      return ok({ list: all.slice((page - 1) * size, page * size), total: all.length, page, size });
    }
    if (config.url?.endsWith('/sports/cashout')) {
      cashouts.push(config);
      const body = JSON.parse(String(config.data)) as { betId: string; amount?: number };
      if (body.amount === undefined) open = open.filter((b) => (b as { betId: string }).betId !== body.betId);
      return ok({
        betId: body.betId,
        amount: body.amount ?? 8.4,
        value: 8.4,
        state: body.amount === undefined ? 'cashed_out' : 'open',
        stakeOpen: 5,
        cashedOut: body.amount ?? 8.4,
      });
    }
    if (config.url?.endsWith('/sports/limits')) {
      return ok(SHIPPED_LIMITS);
    }
    return ok(null);
  });
});

afterEach(() => {
  cleanup();
});

const page = () =>
  render(
    <MemoryRouter>
      <MyBetsPage />
    </MemoryRouter>,
  );

describe('Minhas apostas', () => {
  it('says each result in words, with the code only in small print', async () => {
    const user = userEvent.setup();
    page();
    const first = (await screen.findAllByTestId('my-bet'))[0]!;
    expect(within(first).getByTestId('my-bet-result').textContent).toBe('Em aberto');
    expect(within(first).getByTestId('my-bet-code').textContent).toBe('cód. 1000');
    expect(first.textContent).not.toMatch(/\(1000\)|\(0\)|códigos/);
    // The badge says the bet is open; the ticket's pending order status would say it twice, apart.
    expect(first.textContent).not.toContain('Pendente');
    // A single's odds are its own, not "combined".
    expect(first.textContent).toContain('Odds');
    expect(first.textContent).not.toContain('Odds combinadas');
    await user.click(screen.getByTestId('my-bets-tab-settled'));
    const [cashed, lost] = await screen.findAllByTestId('my-bet');
    expect(within(cashed!).getByTestId('my-bet-result').textContent).toBe('Encerrada antes do fim');
    // A cashed-out bet says what it received, not "Pago R$ 0,00"; its open leg was never decided.
    expect(cashed!.textContent).toContain('Recebido ao encerrar');
    expect(within(cashed!).queryByTestId('my-bet-payout')).toBeNull();
    expect(within(cashed!).getByTestId('my-bet-leg-result').textContent).toBe(
      'Não decidida (aposta encerrada)',
    );
    expect(within(lost!).getByTestId('my-bet-result').textContent).toBe('Perdeu');
    expect(within(lost!).getByTestId('my-bet-leg-result').textContent).toBe('Perdeu');
    expect(lost!.textContent).toContain('Apurada');
  });

  it('shows twenty bets, then the next twenty on "Ver mais", each once', async () => {
    const user = userEvent.setup();
    settled = Array.from({ length: 45 }, (_, i) =>
      bet({ betId: `s-${i}`, state: 'settled', result: 20, orderStatus: 9999, cashout: null }),
    );
    page();
    await user.click(await screen.findByTestId('my-bets-tab-settled'));
    await screen.findByText('Ver mais apostas (20 de 45)');
    expect(await screen.findAllByTestId('my-bet')).toHaveLength(20);
    await user.click(screen.getByTestId('my-bets-more'));
    await screen.findByText('Ver mais apostas (40 de 45)');
    await user.click(screen.getByTestId('my-bets-more'));
    await waitFor(() => expect(screen.getAllByTestId('my-bet')).toHaveLength(45));
    expect(screen.queryByTestId('my-bets-more')).toBeNull();
    const ids = screen.getAllByTestId('my-bet').map((el) => el.getAttribute('data-bet'));
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
  });

  it('reads open bets again as their cash-out values move, and settled ones only when told (review)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      page();
      await screen.findAllByTestId('my-bet');
      const openReads = reads.open;
      await act(() => vi.advanceTimersByTimeAsync(OPEN_BETS_REFRESH_MS + 100));
      await waitFor(() => expect(reads.open).toBeGreaterThan(openReads));
      await user.click(screen.getByTestId('my-bets-tab-settled'));
      await screen.findAllByText('Perdeu');
      const settledReads = reads.settled;
      await act(() => vi.advanceTimersByTimeAsync(OPEN_BETS_REFRESH_MS * 3));
      expect(reads.settled).toBe(settledReads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads in the player language', async () => {
    await act(() => setLanguage('en_US'));
    page();
    const first = (await screen.findAllByTestId('my-bet'))[0]!;
    expect(within(first).getByTestId('my-bet-result').textContent).toBe('Open');
    expect(within(first).getByTestId('my-bet-code').textContent).toBe('code 1000');
  });

  it("names the market and the selection in the player's language, and the date's month", async () => {
    open = [bet({ legs: [leg({ sport: 'football', outcomeId: 'draw', outcome: 'Empate' })] })];
    await act(() => setLanguage('en_US'));
    page();
    const first = (await screen.findAllByTestId('my-bet'))[0]!;
    const shown = within(first).getByTestId('my-bet-leg').textContent;
    expect(shown).toContain('Full-time result');
    expect(shown).toContain('Draw');
    expect(first.textContent).not.toMatch(/Resultado Final|Empate/);
    // 13 March, not 3/13/26 beside R$ amounts.
    expect(first.textContent).toMatch(/Mar 13, 2026/);
  });

  it('asks before a cash-out, sends nothing on "Voltar", and leaves a receipt in place of the card', async () => {
    const user = userEvent.setup();
    page();
    const [first] = await screen.findAllByTestId('my-bet');
    await user.click(within(first!).getByTestId('cashout-full'));
    expect(within(first!).getByTestId('cashout-question').textContent).toBe(
      'Receber R$ 8,40 agora e encerrar a aposta?',
    );
    await user.click(within(first!).getByTestId('cashout-back'));
    expect(cashouts).toHaveLength(0);

    await user.type(within(first!).getByTestId('cashout-amount'), '2,00');
    await user.click(within(first!).getByTestId('cashout-partial'));
    await user.click(within(first!).getByTestId('cashout-confirm'));
    expect(await within(first!).findByTestId('cashout-message')).toHaveProperty(
      'textContent',
      'Você recebeu R$ 2,00. O restante continua em jogo.',
    );
    expect(JSON.parse(String(cashouts[0]!.data))).toEqual({ betId: 'b-1', amount: 2 });

    await user.click(within(first!).getByTestId('cashout-full'));
    await user.click(within(first!).getByTestId('cashout-confirm'));
    const receipt = await screen.findByTestId('my-bet-receipt');
    expect(receipt.textContent).toContain('Aposta encerrada: você recebeu R$ 8,40');
    // In the first card's place: the receipt comes before the other open bet.
    const items = screen.getByTestId('my-bets-list').children;
    expect(items[0]).toBe(receipt);
    expect(server.requests.some((r) => r.url?.endsWith('/sports/bets'))).toBe(true);
  });
});

describe('the sports bets of /registros', () => {
  it('read as Minhas apostas does: words in the badge, a cash-out as money in, the code in small print', async () => {
    open = [...settled, bet()];
    render(
      <MemoryRouter>
        <SportsHistory />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('records-sports-row');
    const badges = rows.map((row) => within(row).getByTestId('records-sports-result'));
    expect(badges.map((b) => b.textContent)).toEqual(['Encerrada antes do fim', 'Perdeu', 'Em aberto']);
    expect(badges[0]!.className).toContain('badge--green');
    expect(badges[1]!.className).toContain('badge--danger');
    for (const badge of badges) expect(badge.textContent).not.toMatch(/\d/);
    expect(rows[0]!.querySelector('small.record__code')!.textContent).toBe('cód. 10');
  });

  it('says a part the server would refuse before asking to confirm it, in the server’s words', async () => {
    const user = userEvent.setup();
    page();
    const [first] = await screen.findAllByTestId('my-bet');
    const amount = within(first!).getByTestId('cashout-amount');
    await user.type(amount, '0,50');
    expect((await within(first!).findByTestId('cashout-partial-problem')).textContent).toBe(
      'O valor mínimo para encerrar parte da aposta é R$ 1,00',
    );
    expect(within(first!).getByTestId('cashout-partial')).toHaveProperty('disabled', true);
    await user.clear(amount);
    await user.type(amount, '9,00');
    expect(within(first!).getByTestId('cashout-partial-problem').textContent).toBe(
      'O valor máximo para encerrar agora é R$ 8,40',
    );
    await user.clear(amount);
    await user.type(amount, '1,00');
    expect(within(first!).queryByTestId('cashout-partial-problem')).toBeNull();
    await user.click(within(first!).getByTestId('cashout-partial'));
    expect(within(first!).getByTestId('cashout-question').textContent).toContain('R$ 1,00');
    expect(cashouts).toHaveLength(0);
  });
});
