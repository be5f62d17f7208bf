import { useTranslation } from 'react-i18next';
import type { LimboTerms } from '../../machines/games/limbo.machine';
import type { InstantInputsProps } from '../shared/instant/instant-table';
import { LinkedInput, PotentialPayout } from '../shared/instant/linked-input';
import { chanceOf, clampTarget, readDecimal, showChance, showNumber, targetForChance } from './limbo-inputs';

/** LIMBO's own inputs: target multiplier and win chance, linked, and the potential payout. */
export function LimboInputs({ terms, edge, amountText, disabled, onTerms }: InstantInputsProps<LimboTerms>) {
  const { t } = useTranslation();
  const { target } = terms;
  return (
    <>
      <div className="limbo-inputs">
        <LinkedInput
          id="limbo-target"
          label={t('games.limbo.target')}
          value={showNumber(target)}
          suffix="×"
          disabled={disabled}
          parse={readDecimal}
          onValue={(value) => onTerms({ target: clampTarget(value) })}
        />
        <LinkedInput
          id="limbo-chance"
          label={t('games.limbo.chance')}
          value={showChance(chanceOf(target, edge))}
          suffix="%"
          disabled={disabled}
          parse={readDecimal}
          onValue={(chance) => onTerms({ target: targetForChance(chance, edge) })}
        />
      </div>
      <PotentialPayout amountText={amountText} multiplier={target} />
    </>
  );
}
