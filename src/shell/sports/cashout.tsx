import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { readAmount, refusalOf } from '../../machines/sports/bet-slip.machine';
import { newIdempotencyKey } from '../../services/idempotency';
import { cashOutBet, type MySportsBet } from '../../services/sports-api';
import { RefusalText } from './refusal-text';
import { bumpBets } from './bet-slip-store';
import { useSportsLimits } from './sports-limits';
import { translate } from '../../../domain/messages';
import { decimalText } from '../../../domain/money';
import { partRefusal } from '../../../domain/sports/cashout-part';
import { currentLanguage } from '../../lib/i18n';

/** Why the server would refuse a part typed for a partial cash-out, in its own words, or null. */
function partialProblem(cents: number, valueCents: number, minPartial: number | null): string | null {
  // Before the limits arrive, only the value is known: the floor is left to the server.
  const refusal = partRefusal(cents, valueCents, minPartial === null ? 0 : Math.round(minPartial * 100));
  return (
    refusal && translate(refusal.key, currentLanguage(), { amount: decimalText(refusal.amountCents / 100) })
  );
}

/**
 * Cash-out of one open bet: all of it, or part of its current value. Money moves only after the
 * player confirms the amount; a full cash-out then leaves a receipt where the card was (onClosed),
 * a partial one says what was received and what still rides.
 */
export function Cashout({
  bet,
  onClosed,
}: {
  bet: MySportsBet;
  onClosed: (betId: string, amount: number) => void;
}) {
  const { t } = useTranslation();
  const limits = useSportsLimits();
  const [partial, setPartial] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ amount: number | null } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string; code?: number | null } | null>(null);
  const value = bet.cashout?.value ?? null;
  if (!bet.cashout) return null;

  const run = async (amount: number | null) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await cashOutBet(bet.betId, amount, newIdempotencyKey());
      setPartial('');
      setConfirming(null);
      if (done.state === 'cashed_out') onClosed(bet.betId, done.amount);
      else setMessage({ ok: true, text: t('sports.bets.partialDone', { amount: formatMoney(done.amount) }) });
      bumpBets();
    } catch (error) {
      const refusal = refusalOf(error);
      setConfirming(null);
      setMessage({ ok: false, text: refusal.message, code: refusal.code });
    } finally {
      setBusy(false);
    }
  };

  const partialRead = readAmount(partial);
  const problem =
    partialRead.ok && value !== null
      ? partialProblem(partialRead.cents, Math.round(value * 100), limits?.cashoutMinPartial ?? null)
      : null;
  if (confirming) {
    const amount = confirming.amount ?? value ?? 0;
    return (
      <div className="cashout cashout--confirm" data-testid="cashout" role="group">
        <p className="cashout__question" data-testid="cashout-question">
          {t(confirming.amount === null ? 'sports.bets.confirmFull' : 'sports.bets.confirmPartial', {
            amount: formatMoney(amount),
          })}
        </p>
        <div className="cashout__actions">
          <button
            type="button"
            className="button button--gold button--small"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void run(confirming.amount)}
            data-testid="cashout-confirm"
          >
            {t('sports.bets.confirm')}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy}
            onClick={() => setConfirming(null)}
            data-testid="cashout-back"
          >
            {t('sports.bets.back')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="cashout" data-testid="cashout">
      {bet.cashout.available && value !== null ? (
        <>
          <button
            type="button"
            className="button button--gold button--small"
            disabled={busy}
            onClick={() => setConfirming({ amount: null })}
            data-testid="cashout-full"
          >
            {t('sports.bets.cashoutFull', { amount: formatMoney(value) })}
          </button>
          <div className="cashout__partial">
            <input
              inputMode="decimal"
              placeholder={t('sports.bets.partialPlaceholder')}
              value={partial}
              onChange={(e) => setPartial(e.target.value)}
              disabled={busy}
              aria-label={t('sports.bets.partialLabel')}
              data-testid="cashout-amount"
            />
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy || !partialRead.ok || problem !== null}
              onClick={() => partialRead.ok && setConfirming({ amount: partialRead.cents / 100 })}
              data-testid="cashout-partial"
            >
              {t('sports.bets.cashoutPartial')}
            </button>
          </div>
          {problem ? (
            <p className="slip__problem" role="status" data-testid="cashout-partial-problem">
              {problem}
            </p>
          ) : null}
        </>
      ) : (
        <span className="cashout__off">{t('sports.bets.cashoutUnavailable')}</span>
      )}
      {message ? (
        <p
          className={message.ok ? 'cashout__ok' : 'slip__problem'}
          role="status"
          data-testid="cashout-message"
        >
          <RefusalText message={message.text} code={message.code ?? null} />
        </p>
      ) : null}
    </div>
  );
}
