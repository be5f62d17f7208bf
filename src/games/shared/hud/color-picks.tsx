import { useTranslation } from 'react-i18next';
import { DOUBLE_COLORS, doubleMultiplier, type DoubleColor } from '../../../../domain/games/rules';
import './color-picks.css';

/**
 * The red / white / black buttons of DOUBLE and ROWDOUBLE, each with what it pays (2× / 14×).
 * `extra` adds a line under a colour (DOUBLE: the round's total staked on it).
 */
export function ColorPicks(props: {
  selected: DoubleColor | null;
  disabled: boolean;
  onPick: (color: DoubleColor) => void;
  extra?: (color: DoubleColor) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="color-picks" role="group" aria-label={t('gameHud.pickColor')}>
      {DOUBLE_COLORS.map((color) => {
        const extra = props.extra?.(color) ?? null;
        return (
          <button
            key={color}
            type="button"
            className={`color-pick color-pick--${color}`}
            aria-pressed={props.selected === color}
            disabled={props.disabled}
            onClick={() => props.onPick(color)}
            data-testid={`pick-${color}`}
          >
            <span className="color-pick__name">{t(`gameHud.colors.${color}`)}</span>
            <span className="color-pick__pays">{doubleMultiplier(color)}×</span>
            {extra !== null && <span className="color-pick__extra">{extra}</span>}
          </button>
        );
      })}
    </div>
  );
}
