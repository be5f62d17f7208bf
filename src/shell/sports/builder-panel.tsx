import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { builderReturn, currentOdds } from '../../machines/sports/bet-builder.machine';
import { readAmount } from '../../machines/sports/bet-slip.machine';
import { useToken } from '../app/session';
import { askToLogIn } from '../app/shell-actions';
import { CloseIcon } from '../components/icons';
import { betSlip, useSlip } from './bet-slip-store';
import { barStatusKey, BuilderQuote, BuilderReceipt, useQuoteStatus } from './builder-quote';
import { betBuilder, useBuilder } from './builder-store';
import { formatCombinedOdds } from './sports-format';
import { SlipActions, SlipFrame } from './slip-frame';
import { OddsChangeField, StakeField } from './stake-fields';
import './builder.css';

/**
 * Criar Aposta's panel: where the slip stands on the fixture page while the builder is on — a
 * column beside the markets on wide screens, a bar at the bottom opening into a sheet on phones.
 * The bar says at once what a tap did (count, "Calculando odds…", the price or the refusal).
 */
export function BuilderPanel() {
  const { t } = useTranslation();
  const token = useToken();
  const [open, setOpen] = useState(false);
  const status = useQuoteStatus();
  const receipt = useBuilder((s) => s.matches('receipt'));
  const placing = useBuilder((s) => s.matches('placing'));
  const context = useBuilder((s) => s.context);
  const oddsChange = useSlip((s) => s.context.oddsChange);
  const send = betBuilder().send;
  const odds = currentOdds(context);
  const potential = builderReturn(context);
  const stake = readAmount(context.stakeText);
  const count = context.selections.length;

  const place = () => {
    if (!token) {
      askToLogIn();
      return;
    }
    send({ type: 'player.place', oddsChange });
  };

  return (
    <SlipFrame
      className="slip slip--builder"
      label={t('sports.builder.title')}
      testId="bet-builder"
      data={{ 'data-status': status }}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      count={count}
      name="builder"
      bar={
        <>
          <span className="slip__bar-title builder-bar__title">
            <span>{t('sports.builder.title')}</span>
            <small
              className={`builder-bar__status${status === 'refused' && !receipt ? ' builder-bar__status--refused' : ''}`}
              data-testid="builder-bar-status"
            >
              {status === 'refused' && !receipt
                ? context.refusal === 'error'
                  ? t('sports.builder.quoteFailed')
                  : context.refusal
                : t(barStatusKey(status, receipt))}
            </small>
          </span>
          {status === 'loading' && !receipt ? <span className="builder-spinner" aria-hidden="true" /> : null}
          {odds !== null && !receipt ? (
            <span className="slip__bar-return" data-testid="builder-bar-odds">
              {formatCombinedOdds(odds)}
            </span>
          ) : null}
        </>
      }
    >
      {receipt ? (
        <BuilderReceipt
          onDone={() => {
            send({ type: 'player.dismiss' });
            setOpen(false);
          }}
        />
      ) : count === 0 ? (
        <p className="slip__empty" data-testid="builder-empty">
          {t('sports.builder.empty')}
        </p>
      ) : (
        <>
          <p className="builder__fixture">{context.fixture}</p>
          <ul className="slip__list">
            {context.selections.map((s) => (
              <li key={s.marketId} className="slip-pick builder-pick" data-testid="builder-selection">
                <div className="slip-pick__main">
                  <strong className="slip-pick__outcome">{s.outcome}</strong>
                  <span className="slip-pick__market">{s.market}</span>
                </div>
                <button
                  type="button"
                  className="icon-button slip-pick__remove"
                  aria-label={t('sports.slip.remove')}
                  disabled={placing}
                  onClick={() => send({ type: 'builder.remove', marketId: s.marketId })}
                  data-testid="builder-remove"
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
          <BuilderQuote status={status} />
          <StakeField
            label={t('sports.slip.stake')}
            value={context.stakeText}
            disabled={placing}
            onChange={(text) => send({ type: 'player.setStake', text })}
            testId="builder-stake"
          />
          <OddsChangeField
            value={oddsChange}
            onChange={(preference) => betSlip().send({ type: 'player.setOddsChange', preference })}
            testId="builder-odds-change"
          />
          <dl className="slip__summary">
            <dt>{t('sports.slip.potentialReturn')}</dt>
            <dd className="slip__return" data-testid="builder-return">
              {formatMoney(potential)}
            </dd>
          </dl>
          {context.problem ? (
            <p className="slip__problem" role="alert" data-testid="builder-problem">
              {context.problem === 'noQuote' && status === 'refused'
                ? t('sports.builder.problem.refused')
                : t(`sports.builder.problem.${context.problem}`)}
            </p>
          ) : null}
          {context.failure ? (
            <p className="slip__problem" role="alert" data-testid="builder-failure">
              {context.failure === 'timeout'
                ? t('sports.slip.timeout')
                : context.failure === 'error'
                  ? t('sports.slip.failed')
                  : context.failure}
            </p>
          ) : null}
          <SlipActions
            name="builder"
            busy={placing}
            onPlace={place}
            placeLabel={
              placing
                ? t('sports.slip.placing')
                : t('sports.slip.place', { amount: formatMoney(stake.ok ? stake.cents / 100 : 0) })
            }
            onClear={() => send({ type: 'builder.clear' })}
            clearLabel={t('sports.builder.clear')}
          />
        </>
      )}
    </SlipFrame>
  );
}
