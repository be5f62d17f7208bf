import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../../../src/lib/i18n';
import { historyResult } from '../../../src/games/shared/hud/bet-lists';
import type { GameRecord } from '../../../src/services/games-api';
import { MinesPlay } from '../../../src/games/mines/mines-hud';
import type { MinesGame } from '../../../src/services/mines-api';

/** MINES' panel prints multipliers as every game does: two decimals, cut, never "1,2857×". */
afterEach(cleanup);

const game: MinesGame = {
  gameId: 'g1',
  gameCode: 'MINES',
  status: 'open',
  mines: 3,
  step: 1,
  revealed: [4],
  amount: 10,
  multiplier: 1.2857,
  nextMultiplier: 1.6875,
  payout: 0,
  fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 1 },
  balance: 90,
};

describe('MINES panel', () => {
  it('shows the current and next multipliers with two decimals', () => {
    render(
      <MinesPlay
        game={game}
        betButton={null}
        busy={false}
        cashingOut={false}
        onCashOut={() => {}}
        onRandom={() => {}}
      />,
    );
    expect(screen.getByTestId('mines-multiplier').textContent).toBe('1,28×');
    expect(screen.getByText('1,68×')).toBeTruthy();
  });

  it('puts the random pick beside the cash-out, within a thumb of the board on a phone', async () => {
    await setLanguage('pt_BR');
    const onRandom = vi.fn();
    render(
      <MinesPlay
        game={game}
        betButton={null}
        busy={false}
        cashingOut={false}
        onCashOut={() => {}}
        onRandom={onRandom}
      />,
    );
    const random = screen.getByTestId('pick-random');
    // One row with the cash-out (below it, it fell under the fold of a 390×844 phone).
    expect(random.parentElement).toBe(screen.getByTestId('cash-out').parentElement);
    expect(random.parentElement?.className).toBe('mines-play__actions');
    expect(random.textContent).toBe('Aleatório');
    expect(random.getAttribute('title')).toBe('Escolher um bloco aleatório');
    fireEvent.click(random);
    expect(onRandom).toHaveBeenCalledTimes(1);
  });
});

describe('The game history’s result column', () => {
  const record = (outcome: unknown, game = 'mines'): GameRecord => ({
    id: 'b1',
    game,
    amount: 1,
    payout: 0,
    multiplier: 0,
    status: 'settled',
    params: {},
    outcome,
    roundId: null,
    fairness: null,
    createdAt: '2026-11-29T12:00:00Z',
  });
  const t = i18n.t.bind(i18n);

  it('reads as gems found and mines laid, not as tile numbers (issue 18, item 15)', async () => {
    await setLanguage('pt_BR');
    expect(historyResult(record({ mines: [3, 8, 21], revealed: [1, 2, 4, 5] }), t)).toBe(
      '4 gemas · minas: 3',
    );
    // A board lost on its first tile: the mine it hit is not a gem.
    expect(historyResult(record({ mines: [3, 8, 21], revealed: [8] }), t)).toBe('Nenhuma gema · minas: 3');
    expect(historyResult(record({ mines: [7], revealed: [2] }), t)).toBe('1 gema · minas: 1');
    await setLanguage('en_US');
    expect(historyResult(record({ mines: [3, 8, 21], revealed: [1] }), t)).toBe('1 gem · mines: 3');
    await setLanguage('pt_BR');
    // Other games keep their roll.
    expect(historyResult(record({ roll: 77.18 }, 'dice'), t)).toBe('77,18');
  });

  it('reads a colour game as the pick and the draw in words, not a bare digit or tile (issue 18)', async () => {
    await setLanguage('pt_BR');
    const withPick = (game: string, params: object, outcome: object | null) => ({
      ...record(outcome, game),
      params,
    });
    expect(historyResult(withPick('luckycolor', { pick: 'green' }, { result: 7 }), t)).toBe(
      'Verde · saiu 7 Verde',
    );
    expect(historyResult(withPick('luckycolor', { pick: 'big' }, { result: 0 }), t)).toBe(
      'Grande · saiu 0 Vermelho/Violeta',
    );
    expect(historyResult(withPick('luckycolor', { pick: '3' }, { result: 3 }), t)).toBe('3 · saiu 3 Verde');
    // A period not drawn yet shows the pick alone.
    expect(historyResult(withPick('luckycolor', { pick: 'violet' }, null), t)).toBe(
      'Violeta · aguardando o sorteio',
    );
    expect(historyResult(withPick('double', { pick: 'white' }, { result: 9 }), t)).toBe(
      'Branco · saiu 9 Preto',
    );
    expect(historyResult(withPick('rowdouble', { color: 'red' }, { tile: 0 }), t)).toBe(
      'Vermelho · saiu 0 Branco',
    );
    await setLanguage('en_US');
    expect(historyResult(withPick('luckycolor', { pick: 'red' }, { result: 4 }), t)).toBe('Red · drew 4 Red');
    await setLanguage('pt_BR');
  });
});
