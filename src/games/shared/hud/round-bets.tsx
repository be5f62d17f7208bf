import { formatMoney } from '../../../lib/format';
import './round-bets.css';

/** A bet of the player in a shared round (DOUBLE, LUCKYCOLOR) as the round machine keeps it. */
export interface RoundBetRow {
  betId: string;
  pick: string;
  amount: number;
  outcome: null | { win: boolean; payout: number } | 'refunded';
}

/** How a bet ended, for `data-outcome` and its style. */
function outcomeOf(bet: RoundBetRow): 'open' | 'refunded' | 'win' | 'loss' {
  if (bet.outcome === null) return 'open';
  if (bet.outcome === 'refunded') return 'refunded';
  return bet.outcome.win ? 'win' : 'loss';
}

/** The list's texts, from the game's own locale keys. */
export interface RoundBetTexts {
  title: string;
  open: string;
  refunded: string;
}

/**
 * The player's bets in the round on the table: pick, stake and, once the round is over, the
 * payout (or the refund of a cancelled round).
 */
export function RoundBets(props: {
  bets: RoundBetRow[];
  label: (pick: string) => string;
  texts: RoundBetTexts;
  /** While the draw plays the bets still read "in play", so the list never tells the result early. */
  concealed?: boolean;
}) {
  const { texts } = props;
  if (props.bets.length === 0) return null;
  const bets = props.concealed
    ? props.bets.map((b) => (b.outcome === 'refunded' ? b : { ...b, outcome: null }))
    : props.bets;
  return (
    <ul className="round-bets" data-testid="round-bets" aria-label={texts.title}>
      {bets.map((b) => {
        const outcome = outcomeOf(b);
        return (
          <li key={b.betId} className={`round-bets__row round-bets__row--${outcome}`} data-outcome={outcome}>
            <span className="round-bets__pick">{props.label(b.pick)}</span>
            <span className="round-bets__amount">{formatMoney(b.amount)}</span>
            <span className="round-bets__result">
              {b.outcome === null
                ? texts.open
                : b.outcome === 'refunded'
                  ? texts.refunded
                  : b.outcome.win
                    ? `+${formatMoney(b.outcome.payout)}`
                    : formatMoney(0)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
