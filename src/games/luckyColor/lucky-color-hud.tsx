import { useTranslation } from 'react-i18next';
import { luckyColors, type LuckyPick } from '../../../domain/games/rules';
import { formatMoney } from '../../lib/format';
import { tuningDefaults } from '../shared/tuning';
import { tuning } from './tuning';
import './lucky-color.css';

/** The colour picks, in the order WinGo-style tables show them. */
const COLOR_PICKS = ['green', 'violet', 'red'] as const;
/** Big (5–9) and small (0–4). */
const SIZE_PICKS = ['big', 'small'] as const;
/** The ten digits. */
const DIGIT_PICKS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** What each kind of pick pays at most (design/games.md, 97% on every bet). */
const PAYS: Record<string, string> = {
  green: '2×',
  red: '2×',
  violet: '4,85×',
  big: '1,94×',
  small: '1,94×',
};
/** A single digit pays this. */
const DIGIT_PAYS = '9,7×';

const colors = tuningDefaults(tuning);
const PICK_COLOR = { green: colors.greenColor, red: colors.redColor, violet: colors.violetColor };

/** The background of a digit's button: its colour, or both halves for 0 and 5 (with violet). */
function digitBackground(digit: number): string {
  const [first, second] = luckyColors(digit).map((c) => PICK_COLOR[c]);
  return second ? `linear-gradient(135deg, ${first} 50%, ${second} 50%)` : first!;
}

/** The name of a pick as the player reads it ("Verde", "Grande", "7"). */
export function useLuckyPickName(): (pick: string) => string {
  const { t } = useTranslation();
  return (pick) => {
    switch (pick) {
      case 'green':
        return t('games.luckyColor.picks.green');
      case 'red':
        return t('games.luckyColor.picks.red');
      case 'violet':
        return t('games.luckyColor.picks.violet');
      case 'big':
        return t('games.luckyColor.picks.big');
      case 'small':
        return t('games.luckyColor.picks.small');
      default:
        return pick;
    }
  };
}

/**
 * LUCKYCOLOR's own inputs: green / violet / red, big / small and the digits 0–9, each with what it
 * pays and the period's total staked on it. One pick is selected; the bet button bets on it.
 */
export function LuckyPicks(props: {
  selected: string;
  disabled: boolean;
  onPick: (pick: LuckyPick) => void;
  totals: Record<string, number>;
}) {
  const { t } = useTranslation();
  const name = useLuckyPickName();
  const button = (pick: LuckyPick, className: string, pays: string, style?: React.CSSProperties) => (
    <button
      key={pick}
      type="button"
      className={`lucky-pick ${className}`}
      style={style}
      aria-pressed={props.selected === pick}
      disabled={props.disabled}
      onClick={() => props.onPick(pick)}
      data-testid={`pick-${pick}`}
      title={`${name(pick)} · ${pays} · ${formatMoney(props.totals[pick] ?? 0)}`}
    >
      <span className="lucky-pick__name">{name(pick)}</span>
      <span className="lucky-pick__pays">{pays}</span>
    </button>
  );
  return (
    <div className="lucky-picks" role="group" aria-label={t('games.luckyColor.pickLabel')}>
      <div className="lucky-picks__row lucky-picks__row--colors">
        {COLOR_PICKS.map((c) => button(c, `lucky-pick--${c}`, PAYS[c]!, { background: PICK_COLOR[c] }))}
      </div>
      <p className="lucky-picks__caption">{t('games.luckyColor.digitPays', { pays: DIGIT_PAYS })}</p>
      <div className="lucky-picks__row lucky-picks__row--digits">
        {DIGIT_PICKS.map((d) =>
          button(d, 'lucky-pick--digit', DIGIT_PAYS, { background: digitBackground(Number(d)) }),
        )}
      </div>
      <div className="lucky-picks__row lucky-picks__row--sizes">
        {SIZE_PICKS.map((s) => button(s, `lucky-pick--${s}`, PAYS[s]!))}
      </div>
    </div>
  );
}
