import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import i18n, { bcp47 } from '../../lib/i18n';
import { fetchWalletRecords, type RecordsPage as Page, type WalletRecord } from '../../services/wallet-api';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CrownIcon,
  GiftIcon,
  RefreshIcon,
  WalletIcon,
} from '../components/icons';
import { SportsHistory } from '../sports/sports-history';
import { CasinoHistory } from './casino-history';
import { RoutePageHeading } from './page-heading';

/** Records per page. */
export const RECORDS_PAGE_SIZE = 20;

const TYPE_KEYS = {
  10: 'records.types.10',
  11: 'records.types.11',
  12: 'records.types.12',
  13: 'records.types.13',
  14: 'records.types.14',
  19: 'records.types.19',
  141: 'records.types.141',
  199: 'records.types.199',
} as const;

const STATUS_KEYS = {
  '00': 'records.statuses.00',
  '01': 'records.statuses.01',
  '10': 'records.statuses.10',
} as const;

/** The pt-BR label of a wallet record type (API.md), or a generic one for a type not known yet. */
export function recordTypeLabel(type: number): string {
  const key = TYPE_KEYS[type as keyof typeof TYPE_KEYS];
  return i18n.t(key ?? 'records.types.other');
}

/** The label of a wallet record status: 00 pending, 01 cancelled, 10 arrived (spec 3). */
export function recordStatusLabel(status: string): string {
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS];
  return i18n.t(key ?? 'records.statuses.other');
}

/**
 * A record's second line: in the player's language for the lines whose words are Trevo's own (a
 * deposit's gift, a bonus released), the server's detail for the rest (a PIX id, a masked account).
 */
function detailOf(record: WalletRecord): string {
  if (record.note === 'depositGift') return i18n.t('records.notes.depositGift', { deposit: record.detail });
  if (record.note === 'bonusRelease') return i18n.t('records.notes.bonusRelease');
  return record.detail;
}

function TypeIcon({ type }: { type: number }) {
  if (type === 10 || type === 13) return <ArrowDownIcon />;
  if (type === 11) return <ArrowUpIcon />;
  if (type === 14) return <CrownIcon />;
  if (type === 141 || type === 19) return <GiftIcon />;
  return <WalletIcon />;
}

function RecordRow({ record, locale }: { record: WalletRecord; locale: string }) {
  const out = record.amount < 0;
  const tone = record.status === '10' ? 'green' : record.status === '01' ? 'muted' : 'gold';
  const detail = detailOf(record);
  return (
    <li className="record" data-testid="record-row" data-type={record.type} data-status={record.status}>
      <span className={`record__icon record__icon--${out ? 'out' : 'in'}`} aria-hidden="true">
        <TypeIcon type={record.type} />
      </span>
      <span className="record__main">
        <strong data-testid="record-type">{recordTypeLabel(record.type)}</strong>
        <small>{formatDateTime(record.createdAt, locale)}</small>
        {detail ? (
          <small className="record__detail" data-testid="record-detail">
            {detail}
          </small>
        ) : null}
      </span>
      <span className="record__side">
        <strong
          className={`record__amount record__amount--${out ? 'out' : 'in'}`}
          data-testid="record-amount"
        >
          {out ? '−' : '+'}
          {formatMoney(Math.abs(record.amount))}
        </strong>
        <span className={`badge badge--${tone}`} data-testid="record-status">
          {recordStatusLabel(record.status)}
        </span>
      </span>
    </li>
  );
}

/** `/registros`: the wallet records, paginated (API.md), and the latest casino and sports bets. */
export function RecordsPage() {
  const { t } = useTranslation();
  const token = useToken();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const locale = bcp47(i18n.language);

  useEffect(() => {
    if (!token) return;
    let current = true;
    setLoading(true);
    fetchWalletRecords(page, RECORDS_PAGE_SIZE)
      .then((next) => {
        if (!current) return;
        setData(next);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [token, page, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const pages = data ? Math.max(1, Math.ceil(data.total / RECORDS_PAGE_SIZE)) : 1;

  return (
    <article className="panel" data-testid="page-registros">
      <RoutePageHeading />
      {!token ? (
        <div className="callout">
          <p>{t('records.visitor')}</p>
          <button type="button" className="button button--gold" onClick={() => openOverlay('login')}>
            {t('header.login')}
          </button>
        </div>
      ) : (
        <section aria-labelledby="records-wallet" className="records">
          <div className="section-head">
            <h2 id="records-wallet" className="section-title">
              {t('records.wallet')}
            </h2>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={refresh}
              disabled={loading}
              data-testid="records-refresh"
            >
              <RefreshIcon className={loading ? 'spin' : undefined} /> {t('records.refresh')}
            </button>
          </div>
          {failed && !data ? (
            <div className="callout">
              <p>{t('wallet.loadFailed')}</p>
              <button type="button" className="button button--ghost" onClick={refresh}>
                {t('wallet.retry')}
              </button>
            </div>
          ) : data && data.list.length === 0 ? (
            <p className="empty" data-testid="records-empty">
              {t('records.empty')}
            </p>
          ) : (
            <ul className="record-list" aria-busy={loading} data-testid="records-list">
              {data?.list.map((record) => (
                <RecordRow key={record.id} record={record} locale={locale} />
              ))}
            </ul>
          )}
          {data && pages > 1 && (
            <nav className="pager" aria-label={t('records.wallet')}>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setPage((p) => Math.max(1, p - 1))}
                disabled={page <= 1 || loading}
                data-testid="records-prev"
              >
                {t('records.previous')}
              </button>
              <span data-testid="records-page">{t('records.page', { page, pages })}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
                disabled={page >= pages || loading}
                data-testid="records-next"
              >
                {t('records.next')}
              </button>
            </nav>
          )}
        </section>
      )}
      {token ? <CasinoHistory /> : null}
      {token ? <SportsHistory /> : null}
    </article>
  );
}
