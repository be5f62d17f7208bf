import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BetResult } from '../../../domain/codes';
import { OrderStatus } from '../../../domain/sports/labels';
import { formatDateTime, formatMoney } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { readAmount, refusalOf } from '../../machines/sports/bet-slip.machine';
import { newIdempotencyKey } from '../../services/idempotency';
import { onSocketEvent } from '../../services/socket';
import { cashOutBet, fetchMyBets, type MySportsBet } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { bumpBets, useBetsVersion } from './bet-slip-store';
import { BackToList } from './finder';
import { formatCombinedOdds, formatOdds, resultTone } from './sports-format';
import './sports.css';

/** Open bets are re-read this often: their cash-out value follows the prices. */
export const OPEN_BETS_REFRESH_MS = 5_000;

type Tab = 'open' | 'settled';

/** Result codes (section 3) and the words a player reads for them (`sports.result.*`). */
const RESULT_WORDS: Readonly<Record<number, ResultWord>> = {
  [BetResult.placed]: 'placed',
  [BetResult.won]: 'won',
  [BetResult.halfWon]: 'halfWon',
  [BetResult.deadHeat]: 'deadHeat',
  [BetResult.draw]: 'draw',
  [BetResult.halfLost]: 'halfLost',
  [BetResult.lost]: 'lost',
  [BetResult.lostAlias]: 'lost',
  [BetResult.refund]: 'refund',
  [BetResult.cancelled]: 'cancelled',
  [BetResult.refused]: 'refused',
  [BetResult.lotteryException]: 'review',
};
type ResultWord =
  | 'placed'
  | 'pending'
  | 'won'
  | 'halfWon'
  | 'deadHeat'
  | 'draw'
  | 'halfLost'
  | 'lost'
  | 'refund'
  | 'cancelled'
  | 'refused'
  | 'review'
  | 'cashedOut'
  | 'notDecided';

/**
 * What a bet's badge says, in the player's language: a cashed-out bet is "cashed out" (never the
 * won/half-lost code the wire uses for it), a bet waiting in its live delay is "awaiting acceptance".
 */
function betWord(bet: MySportsBet): ResultWord {
  if (bet.state === 'cashed_out') return 'cashedOut';
  if (bet.state === 'pending') return 'pending';
  if (bet.state === 'exception') return 'review';
  return RESULT_WORDS[bet.result] ?? 'review';
}

/** A leg's words: one still open on a cashed-out bet was never decided for this bet. */
function legWord(bet: MySportsBet, result: number): ResultWord {
  if (result === BetResult.placed && bet.state === 'cashed_out') return 'notDecided';
  return RESULT_WORDS[result] ?? 'review';
}

/** The ticket's order status in words (spec: 0 pending, 9999 drawn, 8888 not drawn). */
function orderStatusKey(code: number) {
  if (code === OrderStatus.drawn) return 'sports.bets.order.drawn' as const;
  if (code === OrderStatus.notDrawn) return 'sports.bets.order.notDrawn' as const;
  return 'sports.bets.order.pending' as const;
}

/**
 * Cash-out of one open bet: all of it, or part of its current value. Money moves only after the
 * player confirms the amount; a full cash-out then leaves a receipt where the card was (onClosed),
 * a partial one says what was received and what still rides.
 */
function Cashout({ bet, onClosed }: { bet: MySportsBet; onClosed: (betId: string, amount: number) => void }) {
  const { t } = useTranslation();
  const [partial, setPartial] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ amount: number | null } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
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
      setMessage({
        ok: false,
        text: `${refusal.message}${refusal.code !== null ? ` (${t('sports.code', { code: refusal.code })})` : ''}`,
      });
    } finally {
      setBusy(false);
    }
  };

  const partialRead = readAmount(partial);
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
              disabled={busy || !partialRead.ok}
              onClick={() => partialRead.ok && setConfirming({ amount: partialRead.cents / 100 })}
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
function BetCard({
  bet,
  locale,
  onClosed,
}: {
  bet: MySportsBet;
  locale: string;
  onClosed: (betId: string, amount: number) => void;
}) {
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
        <span className="bet-card__status">
          <span
            className={`badge badge--${bet.state === 'cashed_out' ? 'green' : resultTone(bet.result)}`}
            data-testid="my-bet-result"
          >
            {t(`sports.result.${betWord(bet)}`)}
          </span>
          {bet.earlyPaid ? (
            <span className="badge badge--green" data-testid="my-bet-early">
              {t('sports.bets.earlyPaid')}
            </span>
          ) : null}
          <small className="bet-card__code" data-testid="my-bet-code">
            {t('sports.codeSmall', { code: bet.result })}
          </small>
        </span>
      </header>
      <small className="bet-card__meta">
        {formatDateTime(bet.placedAt, locale)} · {t('sports.bets.ticket', { id: bet.betId })} ·{' '}
        {t(orderStatusKey(bet.orderStatus))}
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
              <span
                className={`bet-leg__result bet-leg__result--${resultTone(leg.result)}`}
                data-testid="my-bet-leg-result"
              >
                {t(`sports.result.${legWord(bet, leg.result)}`)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="bet-card__sums">
        <dt>{t('sports.bets.stake')}</dt>
        <dd>{formatMoney(bet.stake)}</dd>
        <dt>{t('sports.slip.combinedOdds')}</dt>
        <dd>{formatCombinedOdds(bet.combinedOdds)}</dd>
        {open ? (
          <>
            <dt>{t('sports.slip.potentialReturn')}</dt>
            <dd>{formatMoney(bet.potentialReturn)}</dd>
          </>
        ) : bet.state === 'cashed_out' ? null : (
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
      {bet.state === 'open' ? <Cashout bet={bet} onClosed={onClosed} /> : null}
    </li>
  );
}

/** Bets per page of "Minhas apostas"; "Ver mais" adds the next page. */
const MY_BETS_PAGE = 20;

/**
 * The player's bets of a tab, the pages shown so far, re-read on settlements, placements and,
 * for open bets, periodically (an open bet's cash-out value follows the prices). A bet that moved between two
 * pages while they were read shows once.
 */
function useMyBets(tab: Tab) {
  const version = useBetsVersion();
  const [bets, setBets] = useState<MySportsBet[] | null>(null);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  // Another tab starts again from its first page.
  useEffect(() => setPages(1), [tab]);

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
    const numbers = Array.from({ length: pages }, (_, i) => i + 1);
    Promise.all(numbers.map((page) => fetchMyBets({ status: tab, page, size: MY_BETS_PAGE })))
      .then((answers) => {
        if (!alive) return;
        const seen = new Set<string>();
        setBets(answers.flatMap((a) => a.list).filter((b) => !seen.has(b.betId) && seen.add(b.betId)));
        setTotal(answers[answers.length - 1]!.total);
        setFailed(false);
      })
      .catch(() => alive && setFailed(true));
    // Only open bets change between settlements (their cash-out values follow the prices); the
    // settled tab is read again when a settlement or placement says so.
    const timer = tab === 'open' ? setTimeout(() => setTick((n) => n + 1), OPEN_BETS_REFRESH_MS) : undefined;
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [tab, version, tick, pages]);

  return { bets, total, failed, more: () => setPages((n) => n + 1) };
}

/** `/sports/bets` ("Minhas apostas"): open bets with cash-out, settled bets with their results. */
export function MyBetsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  const { bets, total, failed, more } = useMyBets(tab);
  const locale = bcp47(i18n.language);
  // Bets cashed out here: a receipt stays where the card was, so the list does not jump.
  const [receipts, setReceipts] = useState<Array<{ betId: string; amount: number; at: number }>>([]);
  const closed = (betId: string, amount: number) =>
    setReceipts((list) => [...list, { betId, amount, at: bets?.findIndex((b) => b.betId === betId) ?? 0 }]);
  const switchTab = (key: Tab) => {
    setReceipts([]);
    setTab(key);
  };
  const shown: Array<MySportsBet | { receipt: string; amount: number }> = (bets ?? []).filter(
    (b) => !receipts.some((r) => r.betId === b.betId),
  );
  for (const r of [...receipts].sort((a, b) => a.at - b.at)) {
    shown.splice(Math.min(r.at, shown.length), 0, { receipt: r.betId, amount: r.amount });
  }

  return (
    <article className="sportsbook sportsbook--narrow" data-testid="page-my-bets">
      <div className="sportsbook__main">
        <div className="sportsbook__head">
          <PageHeading title={t('sports.myBets')} lead={t('sports.bets.lead')} />
          <BackToList />
        </div>
        <div className="tabs my-bets__tabs" role="tablist">
          {(['open', 'settled'] as Tab[]).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={tab === key}
              onClick={() => switchTab(key)}
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
        ) : shown.length === 0 ? (
          <p className="empty" data-testid="my-bets-empty">
            {t(`sports.bets.empty.${tab}`)}
          </p>
        ) : (
          <ul className="bet-cards" data-testid="my-bets-list">
            {shown.map((b) =>
              'receipt' in b ? (
                <li
                  key={b.receipt}
                  className="bet-card bet-card--receipt"
                  data-testid="my-bet-receipt"
                  role="status"
                >
                  <p>{t('sports.bets.closedReceipt', { amount: formatMoney(b.amount) })}</p>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => switchTab('settled')}
                  >
                    {t('sports.bets.seeSettled')}
                  </button>
                </li>
              ) : (
                <BetCard key={b.betId} bet={b} locale={locale} onClosed={closed} />
              ),
            )}
          </ul>
        )}
        {bets && bets.length < total ? (
          <button
            type="button"
            className="button button--ghost my-bets__more"
            onClick={more}
            data-testid="my-bets-more"
          >
            {t('sports.bets.more', { shown: bets.length, total })}
          </button>
        ) : null}
      </div>
    </article>
  );
}
