import { useTranslation } from 'react-i18next';
import type { DiceTerms } from '../../machines/games/dice.machine';
import type { InstantInputsProps } from '../shared/instant/instant-table';
import { LinkedInput, PotentialPayout } from '../shared/instant/linked-input';
import {
  flipTerms,
  readDecimal,
  readout,
  termsForChance,
  termsForMultiplier,
  termsForTarget,
} from './dice-inputs';

const show = (n: number, digits = 2) => n.toFixed(digits).replace('.', ',');

/** DICE's own inputs: multiplier, target with over/under, chance, and the potential payout. */
export function DiceInputs({ terms, edge, amountText, disabled, onTerms }: InstantInputsProps<DiceTerms>) {
  const { t } = useTranslation();
  const view = readout(terms, edge);
  const { direction } = terms;
  return (
    <>
      <div className="dice-inputs">
        <LinkedInput
          id="dice-multiplier"
          label={t('games.dice.multiplier')}
          value={show(view.multiplier, 4).replace(/0{1,2}$/, '')}
          suffix="×"
          disabled={disabled}
          parse={readDecimal}
          onValue={(m) => onTerms(termsForMultiplier(m, direction, edge))}
        />
        <LinkedInput
          id="dice-target"
          label={direction === 'over' ? t('games.dice.rollOver') : t('games.dice.rollUnder')}
          value={show(terms.target)}
          suffix=""
          disabled={disabled}
          parse={readDecimal}
          onValue={(target) => onTerms(termsForTarget(target, direction))}
          extra={
            <button
              type="button"
              className="hud-chip hud-chip--flip"
              disabled={disabled}
              aria-label={t('games.dice.flip')}
              title={t('games.dice.flip')}
              onClick={() => onTerms(flipTerms(terms))}
              data-testid="dice-flip"
            >
              ⇄
            </button>
          }
        />
        <LinkedInput
          id="dice-chance"
          label={t('games.dice.chance')}
          value={show(view.chance)}
          suffix="%"
          disabled={disabled}
          parse={readDecimal}
          onValue={(c) => onTerms(termsForChance(c, direction))}
        />
      </div>
      <PotentialPayout amountText={amountText} multiplier={view.multiplier} />
    </>
  );
}
