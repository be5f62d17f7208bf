import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import {
  selectionKey,
  slipLimitBreach,
  slipSummary,
  type SlipMode,
  type TicketResult,
} from '../../machines/sports/bet-slip.machine';
import { useToken } from '../app/session';
import { askToLogIn } from '../app/shell-actions';
import { CloseIcon } from '../components/icons';
import { betSlip, useSlip } from './bet-slip-store';
import { formatCombinedOdds, formatOdds, resultLabel } from './sports-format';
import { SlipActions, SlipFrame } from './slip-frame';
import { OddsChangeField, StakeField } from './stake-fields';
import { RefusalText } from './refusal-text';
import { SlipLimitNote } from './slip-limit-note';
import { loadSportsLimits } from './sports-limits';

function ResultLine({ result }: { result: TicketResult }) {
  const { t } = useTranslation();
  if (!result.ok) {
    return (
      <li className="slip-result slip-result--refused" data-testid="slip-result" data-ok="false">
        <strong>{t('sports.slip.refused')}</strong>
        <span data-testid="slip-refusal">
          <RefusalText message={result.message || t('sports.slip.failed')} code={result.code} />
        </span>
      </li>
    );
  }
  const word =
    result.state === 'pending' ? (
      t('sports.slip.pending')
    ) : result.state === 'refused' ? (
      <RefusalText message={resultLabel(result.result)} code={result.result} />
    ) : (
      t('sports.slip.accepted')
    );
  return (
    <li
      className={`slip-result slip-result--${result.state === 'refused' ? 'refused' : 'ok'}`}
      data-testid="slip-result"
      data-ok="true"
      data-state={result.state}
    >
      <strong>{word}</strong>
      <span>
        {t('sports.slip.ticket', { id: result.bet.betId })} · {formatMoney(result.bet.stake)} ·{' '}
        {t('sports.slip.odds', { odds: formatCombinedOdds(result.bet.combinedOdds) })}
      </span>
    </li>
  );
}

/**
 * The bet slip ("Cupom de apostas"): a column beside the markets on wide screens, a bar at the
 * bottom of the screen that opens into a sheet on phones.
 */
export function BetSlip() {
  const { t } = useTranslation();
  const token = useToken();
  const [open, setOpen] = useState(false);
  const state = useSlip((s) => s.value as string);
  const context = useSlip((s) => s.context);
  const send = betSlip().send;
  const summary = slipSummary(context);
  const breach = slipLimitBreach(context);
  // The slip's actor asks once; a read that failed is tried again when the slip shows.
  useEffect(() => loadSportsLimits(), []);
  const count = context.selections.length;
  const busy = state === 'placing' || state === 'confirming';
  const refusedFor = (key: string) =>
    context.results.find(
      (r): r is Extract<TicketResult, { ok: false }> => !r.ok && r.selectionKeys.includes(key),
    );

  const place = () => {
    if (!token) {
      askToLogIn();
      return;
    }
    // A limit met may have been raised since the visit read it: the slip reads them again.
    if (breach) loadSportsLimits(true);
    send({ type: 'player.place' });
  };

  return (
    <SlipFrame
      className={`slip${count === 0 && state !== 'receipt' ? ' slip--empty' : ''}`}
      label={t('sports.slip.title')}
      testId="bet-slip"
      data={{ 'data-state': state }}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      count={count}
      name="slip"
      bar={
        <>
          <span className="slip__bar-title">{t('sports.slip.title')}</span>
          {summary.potentialReturn > 0 && !breach ? (
            <span className="slip__bar-return">{formatMoney(summary.potentialReturn)}</span>
          ) : null}
        </>
      }
    >
      {state === 'receipt' ? (
        <div className="slip__receipt" data-testid="slip-receipt">
          <h3 className="slip__heading">{t('sports.slip.receipt')}</h3>
          <ul className="slip-results">
            {context.results.map((r) => (
              <ResultLine key={r.ticketId} result={r} />
            ))}
          </ul>
          <div className="slip__actions">
            <button
              type="button"
              className="button button--gold button--block"
              onClick={() => {
                // Back to the list: on a phone the sheet closes instead of staying over it.
                send({ type: 'player.dismiss' });
                setOpen(false);
              }}
              data-testid="slip-dismiss"
            >
              {t('sports.slip.continue')}
            </button>
            <Link to="/sports/bets" className="button button--ghost button--block" data-testid="slip-my-bets">
              {t('sports.myBets')}
            </Link>
          </div>
        </div>
      ) : count === 0 ? (
        <p className="slip__empty">{t('sports.slip.empty')}</p>
      ) : (
        <>
          <div className="tabs slip__modes" role="tablist">
            {(['single', 'multiple'] as SlipMode[]).map((mode) => (
              <button
                key={mode}
                type="button"
                role="tab"
                className="tabs__tab"
                aria-selected={context.mode === mode}
                disabled={busy || (mode === 'multiple' && count < 2)}
                onClick={() => send({ type: 'player.setMode', mode })}
                data-testid={`slip-mode-${mode}`}
              >
                {t(`sports.slip.${mode}`)}
              </button>
            ))}
          </div>
          <ul className="slip__list">
            {context.selections.map((s) => {
              const key = selectionKey(s);
              const refusal = refusedFor(key);
              return (
                <li
                  key={key}
                  className={`slip-pick${s.available ? '' : ' slip-pick--off'}`}
                  data-testid="slip-selection"
                >
                  <div className="slip-pick__main">
                    <strong className="slip-pick__outcome">{s.outcome}</strong>
                    <span className="slip-pick__market">{s.market}</span>
                    <span className="slip-pick__fixture">
                      {s.live ? <span className="live-dot">{t('sports.live')}</span> : null} {s.fixture}
                    </span>
                    {!s.available ? (
                      <span className="slip-pick__note">{t('sports.slip.suspended')}</span>
                    ) : null}
                    {refusal ? (
                      <span className="slip-pick__note" data-testid="slip-pick-refusal">
                        <RefusalText message={refusal.message} code={refusal.code} />
                      </span>
                    ) : null}
                  </div>
                  <span
                    className={`slip-pick__odds${s.moved ? ` slip-pick__odds--${s.moved}` : ''}`}
                    data-testid="slip-odds"
                  >
                    {s.moved === 'up' ? '▲ ' : s.moved === 'down' ? '▼ ' : ''}
                    {formatOdds(s.odds)}
                  </span>
                  <button
                    type="button"
                    className="icon-button slip-pick__remove"
                    aria-label={t('sports.slip.remove')}
                    disabled={busy}
                    onClick={() => send({ type: 'slip.remove', key })}
                  >
                    <CloseIcon />
                  </button>
                </li>
              );
            })}
          </ul>
          <StakeField
            label={
              context.mode === 'single' && count > 1 ? t('sports.slip.stakeEach') : t('sports.slip.stake')
            }
            value={context.stakeText}
            disabled={busy}
            onChange={(text) => send({ type: 'player.setStake', text })}
            testId="slip-stake"
          />
          <OddsChangeField
            value={context.oddsChange}
            onChange={(preference) => send({ type: 'player.setOddsChange', preference })}
            testId="slip-odds-change"
          />
          <dl className="slip__summary">
            {context.mode === 'multiple' && summary.combinedOdds !== null ? (
              <>
                <dt>{t('sports.slip.combinedOdds')}</dt>
                <dd data-testid="slip-combined">{formatCombinedOdds(summary.combinedOdds)}</dd>
              </>
            ) : null}
            <dt>{t('sports.slip.totalStake')}</dt>
            <dd>{formatMoney(summary.totalStake)}</dd>
            <dt>{t('sports.slip.potentialReturn')}</dt>
            <dd className="slip__return" data-testid="slip-return">
              {/* Past a limit on the odds or the payout no bet returns it: the note says why. */}
              {breach && breach.kind !== 'stakeBelow' && breach.kind !== 'stakeAbove'
                ? '—'
                : formatMoney(summary.potentialReturn)}
            </dd>
          </dl>
          {breach ? (
            <SlipLimitNote
              // Remounted as an alert when "Apostar" meets it, so a screen reader announces it.
              key={context.problem === 'overLimit' ? 'alert' : 'status'}
              breach={breach}
              multiple={context.mode === 'multiple'}
              onStake={(text) => send({ type: 'player.setStake', text })}
              alert={context.problem === 'overLimit'}
            />
          ) : null}
          {context.problem && context.problem !== 'overLimit' ? (
            <p className="slip__problem" role="alert" data-testid="slip-problem">
              {t(`sports.slip.problem.${context.problem}`)}
            </p>
          ) : null}
          {context.failure ? (
            <p className="slip__problem" role="alert" data-testid="slip-failure">
              {context.failure === 'timeout' ? t('sports.slip.timeout') : context.failure}
            </p>
          ) : null}
          <SlipActions
            name="slip"
            busy={busy}
            onPlace={place}
            placeLabel={
              state === 'placing'
                ? t('sports.slip.placing')
                : state === 'confirming'
                  ? t('sports.slip.confirming')
                  : t('sports.slip.place', { amount: formatMoney(summary.totalStake) })
            }
            onClear={() => send({ type: 'slip.clear' })}
            clearLabel={t('sports.slip.clear')}
            blocked={breach !== null}
          />
        </>
      )}
    </SlipFrame>
  );
}
