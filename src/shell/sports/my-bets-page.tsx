import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OrderStatus } from '../../../domain/sports/labels';
import { formatDateTime, formatMoney } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { readAmount, refusalOf } from '../../machines/sports/bet-slip.machine';
import { newIdempotencyKey } from '../../services/idempotency';
import { onSocketEvent } from '../../services/socket';
import { cashOutBet, fetchMyBets, type MySportsBet } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { bumpBets, useBetsVersion } from './bet-slip-store';
import { formatOdds, resultTone } from './sports-format';
import './sports.css';

/** Open bets are re-read this often: their cash-out value follows the prices. */
export const OPEN_BETS_REFRESH_MS = 5_000;

type Tab = 'open' | 'settled';

/** The ticket's order status in words (spec: 0 pending, 9999 drawn, 8888 not drawn). */
function orderStatusKey(code: number) {
  if (code === OrderStatus.drawn) return 'sports.bets.order.drawn' as const;
  if (code === OrderStatus.notDrawn) return 'sports.bets.order.notDrawn' as const;
  return 'sports.bets.order.pending' as const;
}

/** Cash-out of one open bet: all of it, or part of its current value. */
function Cashout({ bet }: { bet: MySportsBet }) {
  const { t } = useTranslation();
  const [partial, setPartial] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const value = bet.cashout?.value ?? null;
  if (!bet.cashout) return null;

  const run = async (amount: number | null) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await cashOutBet(bet.betId, amount, newIdempotencyKey());
      setMessage({ ok: true, text: t('sports.bets.cashedOut', { amount: formatMoney(done.amount) }) });
      setPartial('');
      bumpBets();
    } catch (error) {
      const refusal = refusalOf(error);
      setMessage({
        ok: false,
        text: `${refusal.message}${refusal.code !== null ? ` (${t('sports.code', { code: refusal.code })})` : ''}`,
      });
    } finally {
      setBusy(false);
    }
  };

  const partialRead = readAmount(partial);
  return (
    <div className="cashout" data-testid="cashout">
      {bet.cashout.available && value !== null ? (
        <>
          <button
            type="button"
            className="button button--gold button--small"
            disabled={busy}
            onClick={() => void run(null)}
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
              disabled={busy || !partialRead.ok}
              onClick={() => partialRead.ok && void run(partialRead.cents / 100)}
              data-testid="cashout-partial"
            >
              {t('sports.bets.cashoutPartial')}
            </button>
          </div>
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
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/** One bet: legs with their results, stake, odds and return, result in words and codes. */
function BetCard({ bet, locale }: { bet: MySportsBet; locale: string }) {
  const { t } = useTranslation();
  const open = bet.state === 'open' || bet.state === 'pending' || bet.state === 'exception';
  return (
    <li
      className="bet-card"
      data-testid="my-bet"
      data-bet={bet.betId}
      data-result={bet.result}
      data-state={bet.state}
    >
      <header className="bet-card__head">
        <strong>
          {bet.kind === 'parlay' || bet.legs.length > 1 ? t('sports.slip.multiple') : t('sports.slip.single')}
        </strong>
        <span className={`badge badge--${resultTone(bet.result)}`} data-testid="my-bet-result">
          {bet.resultText || '—'} · {t('sports.code', { code: bet.result })}
        </span>
      </header>
      <small className="bet-card__meta">
        {formatDateTime(bet.placedAt, locale)} · {t('sports.bets.ticket', { id: bet.betId })} ·{' '}
        {t(orderStatusKey(bet.orderStatus))} ({bet.orderStatus})
        {bet.state === 'pending' ? ` · ${t('sports.slip.pending')}` : ''}
      </small>
      <ul className="bet-card__legs">
        {bet.legs.map((leg) => (
          <li
            key={`${leg.fixtureId}|${leg.marketId}`}
            className="bet-leg"
            data-testid="my-bet-leg"
            data-result={leg.result}
          >
            <div className="bet-leg__main">
              <strong>{leg.outcome}</strong>
              <span>{leg.market}</span>
              <Link to={`/sports/fixture/${encodeURIComponent(leg.fixtureId)}`} className="bet-leg__fixture">
                {leg.live ? <span className="live-dot">{t('sports.live')}</span> : null} {leg.fixture}
                {leg.scoreAtPlacement
                  ? ` (${t('sports.bets.scoreAt', { home: leg.scoreAtPlacement.home, away: leg.scoreAtPlacement.away })})`
                  : ''}
              </Link>
            </div>
            <div className="bet-leg__side">
              <span className="bet-leg__odds">{formatOdds(leg.odds)}</span>
              <span className={`bet-leg__result bet-leg__result--${resultTone(leg.result)}`}>
                {leg.resultText} ({leg.result})
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="bet-card__sums">
        <dt>{t('sports.bets.stake')}</dt>
        <dd>{formatMoney(bet.stake)}</dd>
        <dt>{t('sports.slip.combinedOdds')}</dt>
        <dd>{formatOdds(bet.combinedOdds)}</dd>
        {open ? (
          <>
            <dt>{t('sports.slip.potentialReturn')}</dt>
            <dd>{formatMoney(bet.potentialReturn)}</dd>
          </>
        ) : (
          <>
            <dt>{t('sports.bets.payout')}</dt>
            <dd className="bet-card__payout" data-testid="my-bet-payout">
              {formatMoney(bet.payout)}
            </dd>
          </>
        )}
        {bet.cashedOut > 0 ? (
          <>
            <dt>{t('sports.bets.cashedOutTotal')}</dt>
            <dd>{formatMoney(bet.cashedOut)}</dd>
          </>
        ) : null}
        {open && bet.stakeOpen !== bet.stake ? (
          <>
            <dt>{t('sports.bets.stakeOpen')}</dt>
            <dd>{formatMoney(bet.stakeOpen)}</dd>
          </>
        ) : null}
      </dl>
      {bet.state === 'open' ? <Cashout bet={bet} /> : null}
    </li>
  );
}

/** The player's bets of a tab, re-read on settlements, placements and (open bets) periodically. */
function useMyBets(tab: Tab) {
  const version = useBetsVersion();
  const [bets, setBets] = useState<MySportsBet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const offSettled = onSocketEvent('sports.betSettled', () => bumpBets());
    const offAccepted = onSocketEvent('sports.betAccepted', () => bumpBets());
    return () => {
      offSettled();
      offAccepted();
    };
  }, []);

  useEffect(() => {
    let alive = true;
    fetchMyBets(tab)
      .then((list) => {
        if (!alive) return;
        setBets(list);
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    const timer = setTimeout(() => setTick((n) => n + 1), OPEN_BETS_REFRESH_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [tab, version, tick]);

  return { bets, failed };
}

/** `/sports/bets` ("Minhas apostas"): open bets with cash-out, settled bets with their results. */
export function MyBetsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  const { bets, failed } = useMyBets(tab);
  const locale = bcp47(i18n.language);

  return (
    <article className="sportsbook sportsbook--narrow" data-testid="page-my-bets">
      <div className="sportsbook__main">
        <div className="sportsbook__head">
          <PageHeading title={t('sports.myBets')} lead={t('sports.bets.lead')} />
          <Link to="/footballPage" className="button button--ghost button--small">
            ‹ {t('sports.backToList')}
          </Link>
        </div>
        <div className="tabs my-bets__tabs" role="tablist">
          {(['open', 'settled'] as Tab[]).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={tab === key}
              onClick={() => setTab(key)}
              data-testid={`my-bets-tab-${key}`}
            >
              {t(`sports.bets.${key}`)}
            </button>
          ))}
        </div>
        {failed && !bets ? (
          <p className="callout">{t('sports.loadFailed')}</p>
        ) : !bets ? (
          <p className="empty">{t('sports.loading')}</p>
        ) : bets.length === 0 ? (
          <p className="empty" data-testid="my-bets-empty">
            {t(`sports.bets.empty.${tab}`)}
          </p>
        ) : (
          <ul className="bet-cards" data-testid="my-bets-list">
            {bets.map((b) => (
              <BetCard key={b.betId} bet={b} locale={locale} />
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
