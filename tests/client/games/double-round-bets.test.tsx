import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoundBets, type RoundBetRow } from '../../../src/games/shared/hud/round-bets';

const texts = { title: 'Suas apostas nesta rodada', open: 'em jogo', refunded: 'reembolsada' };
const label = (pick: string) => ({ red: 'Vermelho', black: 'Preto' })[pick] ?? pick;

afterEach(cleanup);

const bets: RoundBetRow[] = [
  { betId: 'B1', pick: 'red', amount: 5, outcome: { win: true, payout: 10 } },
  { betId: 'B2', pick: 'black', amount: 2, outcome: { win: false, payout: 0 } },
];

describe('the player’s bets of a DOUBLE round', () => {
  it('shows each bet’s payout once the round is over', () => {
    render(<RoundBets bets={bets} label={label} texts={texts} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['win', 'loss']);
    expect(rows[0]!.textContent).toContain('Vermelho');
    expect(rows[0]!.textContent).toContain('+R$');
    expect(rows[0]!.textContent).toContain('10,00');
  });

  it('while the reel rolls, reads "em jogo": the list never tells the result early', () => {
    render(<RoundBets bets={bets} label={label} texts={texts} concealed />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['open', 'open']);
    expect(rows.every((r) => r.textContent?.includes('em jogo'))).toBe(true);
  });

  it('shows nothing without bets', () => {
    const { container } = render(<RoundBets bets={[]} label={label} texts={texts} />);
    expect(container.innerHTML).toBe('');
  });
});
