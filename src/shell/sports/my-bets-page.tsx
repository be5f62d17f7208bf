import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { onSocketEvent } from '../../services/socket';
import { fetchMyBets, type MySportsBet } from '../../services/sports-api';
import { PageHeading } from '../pages/page-heading';
import { BetCard } from './bet-card';
import { bumpBets, useBetsVersion } from './bet-slip-store';
import { BackToList } from './finder';
import './sports.css';

/** Open bets are re-read this often: their cash-out value follows the prices. */
export const OPEN_BETS_REFRESH_MS = 5_000;

type Tab = 'open' | 'settled';

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
    <article className="sportsbook sportsbook--bets" data-testid="page-my-bets">
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
          <ul className="bet-cards my-bets__list" data-testid="my-bets-list">
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
