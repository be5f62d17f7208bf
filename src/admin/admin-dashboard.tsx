import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../domain/schemas/back-office.schema';
import { adminApi } from './admin-api';
import { errorText } from './admin-login';
import { brl } from './admin-panels';
import { usePolling } from './admin-fields';

/** How often the open dashboard reads the day again. */
const REFRESH_MS = 30_000;

const clock = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', timeStyle: 'short' });
const dayText = (iso: string) => iso.split('-').reverse().join('/');

/** Where a card leads, when the operator may open it. */
export type DashboardTarget = 'withdrawals' | 'support' | 'compliance' | 'reports';

/**
 * The console's first screen (issue 19): the São Paulo day so far in big numbers — money in and
 * out, the approval queue, GGR and NGR, players — and the work waiting for operators, each card
 * opening its section where the operator's role may.
 */
export function DashboardPanel({
  canOpen,
  onOpen,
}: {
  canOpen: (target: DashboardTarget) => boolean;
  onOpen: (target: DashboardTarget) => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<Dashboard | null>(null);
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      setData(await adminApi.dashboard());
      setMessage('');
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  usePolling(load, REFRESH_MS);

  const card = (key: string, value: ReactNode, detail?: string, target?: DashboardTarget) => (
    <div className="admin-stat" data-testid={`dashboard-${key}`}>
      <span className="admin-stat__label">{t(`admin.dashboard.${key as 'deposits'}`)}</span>
      <strong className="admin-stat__value">{value}</strong>
      {detail && <small>{detail}</small>}
      {target && canOpen(target) && (
        <button type="button" className="admin-secondary" onClick={() => onOpen(target)}>
          {t('admin.dashboard.open')}
        </button>
      )}
    </div>
  );
  const ops = (count: number) => t('admin.dashboard.operations', { count });

  return (
    <section className="admin-panel" aria-labelledby="admin-dashboard-title">
      <h2 id="admin-dashboard-title">{t('admin.dashboard.title')}</h2>
      {data && (
        <p>
          {t('admin.dashboard.day', { day: dayText(data.day), time: clock.format(new Date(data.at)) })}{' '}
          <button type="button" className="admin-secondary" onClick={() => void load()}>
            {t('admin.dashboard.refresh')}
          </button>
        </p>
      )}
      {message && <p role="alert">{message}</p>}
      {data && (
        <div className="admin-stats">
          {card('deposits', brl(data.deposits.amount), ops(data.deposits.count), 'reports')}
          {card('withdrawalsPaid', brl(data.withdrawalsPaid.amount), ops(data.withdrawalsPaid.count))}
          {card(
            'withdrawalsRequested',
            brl(data.withdrawalsRequested.amount),
            ops(data.withdrawalsRequested.count),
          )}
          {card('approvalQueue', data.approvalQueue.count, brl(data.approvalQueue.amount), 'withdrawals')}
          {card(
            'ggr',
            brl(data.ggr),
            t('admin.dashboard.ggrSplit', { casino: brl(data.casinoGgr), sports: brl(data.sportsGgr) }),
            'reports',
          )}
          {card('bonusCost', brl(data.bonusCost))}
          {card('ngr', brl(data.ngr))}
          {card('activePlayers', data.activePlayers)}
          {card('newPlayers', data.newPlayers)}
          {card('firstDeposits', data.firstDeposits)}
          {card('chatsWaiting', data.chatsWaiting, undefined, 'support')}
          {card('complaintsOpen', data.complaintsOpen, undefined, 'support')}
          {card('alertsOpen', data.alertsOpen, undefined, 'compliance')}
        </div>
      )}
    </section>
  );
}
