import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { currentOdds } from '../../machines/sports/bet-builder.machine';
import { useBuilder } from './builder-store';
import { formatCombinedOdds } from './sports-format';

/** Pieces of the Criar Aposta panel (builder-panel.tsx): where its price stands, and its receipt. */

/** Where the builder's price stands, as the bar and the panel say it. */
export type QuoteStatus = 'empty' | 'short' | 'loading' | 'ok' | 'refused';

export function useQuoteStatus(): QuoteStatus {
  return useBuilder((s) => {
    const n = s.context.selections.length;
    if (n === 0) return 'empty';
    if (n < 2) return 'short';
    if (currentOdds(s.context) !== null) return 'ok';
    return s.matches({ editing: 'refused' }) ? 'refused' : 'loading';
  });
}

/** The builder's price, the pause while it is asked, or the server's refusal of the selections. */
export function BuilderQuote({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  const quote = useBuilder((s) => s.context.quote);
  const refusal = useBuilder((s) => s.context.refusal);
  const odds = useBuilder((s) => currentOdds(s.context));
  return (
    <div
      className={`builder-quote builder-quote--${status}`}
      data-testid="builder-quote"
      data-status={status}
    >
      <span className="builder-quote__label">{t('sports.builder.odds')}</span>
      {status === 'ok' && odds !== null ? (
        <strong
          className={`builder-quote__odds${quote?.moved ? ` slip-pick__odds--${quote.moved}` : ''}`}
          data-testid="builder-odds"
        >
          {quote?.moved === 'up' ? '▲ ' : quote?.moved === 'down' ? '▼ ' : ''}
          {formatCombinedOdds(odds)}
        </strong>
      ) : status === 'loading' ? (
        <span className="builder-quote__wait" role="status">
          <span className="builder-spinner" aria-hidden="true" />
          {t('sports.builder.quoting')}
        </span>
      ) : status === 'refused' ? (
        <span className="builder-quote__refusal" role="alert" data-testid="builder-refusal">
          {refusal === 'error' ? t('sports.builder.quoteFailed') : refusal}
        </span>
      ) : (
        <span className="builder-quote__hint">{t('sports.builder.needMore')}</span>
      )}
    </div>
  );
}

/** What the server took: the ticket at the builder's price, and the way on. */
export function BuilderReceipt({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const placed = useBuilder((s) => s.context.placed);
  if (!placed) return null;
  return (
    <div className="slip__receipt" data-testid="builder-receipt">
      <h3 className="slip__heading">{t('sports.slip.receipt')}</h3>
      <p className="slip-result slip-result--ok" role="status">
        <strong>{t('sports.builder.placed')}</strong>
        <span>
          {t('sports.slip.ticket', { id: placed.betId })} · {formatMoney(placed.stake)} ·{' '}
          {t('sports.slip.odds', { odds: formatCombinedOdds(placed.combinedOdds) })}
        </span>
      </p>
      <div className="slip__actions">
        <button
          type="button"
          className="button button--gold button--block"
          onClick={onDone}
          data-testid="builder-dismiss"
        >
          {t('sports.slip.continue')}
        </button>
        <Link to="/sports/bets" className="button button--ghost button--block" data-testid="builder-my-bets">
          {t('sports.myBets')}
        </Link>
      </div>
    </div>
  );
}

/** The bar's short word on where the builder stands (a phone sees it with the sheet closed). */
export function barStatusKey(status: QuoteStatus, receipt: boolean) {
  if (receipt) return 'sports.builder.placed' as const;
  if (status === 'empty') return 'sports.builder.tapToAdd' as const;
  if (status === 'short') return 'sports.builder.needMore' as const;
  if (status === 'loading') return 'sports.builder.quoting' as const;
  return 'sports.builder.odds' as const;
}
