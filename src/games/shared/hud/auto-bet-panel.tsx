import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, normaliseAmountInput } from '../../../lib/format';
import type { AutoBetConfig, AutoBetRun, AutoBetStep, AutoBetStop } from '../../../machines/games/auto-bet';
import { readAmount } from '../../../machines/games/bet-actors';

/** A stop value field's cents: empty or invalid text means the stop is off. */
function centsOf(text: string): number | null {
  const read = readAmount(text);
  return read.ok ? read.cents : null;
}

function StepField(props: {
  label: string;
  step: AutoBetStep;
  disabled: boolean;
  onChange: (step: AutoBetStep) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { step, disabled, onChange } = props;
  return (
    <fieldset className="hud-step" disabled={disabled}>
      <legend className="hud-field__label">{props.label}</legend>
      <div className="hud-segment">
        <button
          type="button"
          aria-pressed={step.mode === 'reset'}
          onClick={() => onChange({ ...step, mode: 'reset' })}
          data-testid={`${props.testId}-reset`}
        >
          {t('gameHud.reset')}
        </button>
        <button
          type="button"
          aria-pressed={step.mode === 'increase'}
          onClick={() => onChange({ mode: 'increase', percent: step.percent || 100 })}
          data-testid={`${props.testId}-increase`}
        >
          {t('gameHud.increase')}
        </button>
      </div>
      {step.mode === 'increase' && (
        <input
          className="hud-input"
          inputMode="numeric"
          aria-label={`${props.label}: ${t('gameHud.increase')}`}
          value={String(step.percent)}
          onChange={(event) =>
            onChange({ ...step, percent: Math.min(1000, Number(event.target.value.replace(/\D/g, '')) || 0) })
          }
          data-testid={`${props.testId}-percent`}
        />
      )}
    </fieldset>
  );
}

/**
 * Auto-bet settings (design/games.md): count or unlimited, on win / on loss reset or +X%, and the
 * three stops. The machine runs the bets; this only edits its config and shows the run.
 */
export function AutoBetPanel(props: {
  config: AutoBetConfig;
  onChange: (config: AutoBetConfig) => void;
  disabled: boolean;
  run: AutoBetRun | null;
  stop: AutoBetStop | null;
}) {
  const { t } = useTranslation();
  const { config, onChange, disabled, run, stop } = props;
  const [stops, setStops] = useState({ profit: '', loss: '', singleWin: '' });
  const editStop = (key: keyof typeof stops, text: string) => {
    const value = normaliseAmountInput(text);
    setStops((s) => ({ ...s, [key]: value }));
    const field = {
      profit: 'stopProfitCents',
      loss: 'stopLossCents',
      singleWin: 'stopSingleWinCents',
    } as const;
    onChange({ ...config, [field[key]]: centsOf(value) });
  };
  return (
    <div className="hud-auto" data-testid="auto-bet-panel">
      <div className="hud-field">
        <label className="hud-field__label" htmlFor="auto-count">
          {t('gameHud.autoCount')} <small>({t('gameHud.autoCountHint')})</small>
        </label>
        <input
          id="auto-count"
          className="hud-input"
          inputMode="numeric"
          disabled={disabled}
          value={String(config.count)}
          onChange={(event) =>
            onChange({
              ...config,
              count: Math.min(100_000, Number(event.target.value.replace(/\D/g, '')) || 0),
            })
          }
          data-testid="auto-count"
        />
      </div>
      <StepField
        label={t('gameHud.onWin')}
        step={config.onWin}
        disabled={disabled}
        onChange={(onWin) => onChange({ ...config, onWin })}
        testId="auto-on-win"
      />
      <StepField
        label={t('gameHud.onLoss')}
        step={config.onLoss}
        disabled={disabled}
        onChange={(onLoss) => onChange({ ...config, onLoss })}
        testId="auto-on-loss"
      />
      {(
        [
          ['profit', 'gameHud.stopProfit'],
          ['loss', 'gameHud.stopLoss'],
          ['singleWin', 'gameHud.stopSingleWin'],
        ] as const
      ).map(([key, label]) => (
        <div className="hud-field" key={key}>
          <label className="hud-field__label" htmlFor={`auto-stop-${key}`}>
            {t(label)}
          </label>
          <input
            id={`auto-stop-${key}`}
            className="hud-input"
            inputMode="decimal"
            placeholder={t('gameHud.optional')}
            disabled={disabled}
            value={stops[key]}
            onChange={(event) => editStop(key, event.target.value)}
            data-testid={`auto-stop-${key}`}
          />
        </div>
      ))}
      {run && (
        <p className="hud-note" aria-live="polite" data-testid="auto-progress">
          {t('gameHud.autoProgress', { played: run.played, profit: formatMoney(run.profitCents / 100) })}
        </p>
      )}
      {!run && stop && (
        <p className="hud-note" aria-live="polite" data-testid="auto-stopped">
          {t(`gameHud.autoStopped.${stop}`)}
        </p>
      )}
    </div>
  );
}
