import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prizeDeadlinesSchema, type PrizeDeadlines } from '../../domain/schemas/console-desk.schema';
import { request } from './admin-api';
import { errorText } from './admin-login';
import { usePolling } from './admin-fields';
import { brl } from './admin-panels';

/** The answer of GET /api/admin/sports/prize-deadlines: the prizes waiting and the breaches. */
export type { PrizeDeadlines };

/** The prize-deadline read of the console. */
export const prizeApi = {
  deadlines: async () =>
    prizeDeadlinesSchema.parse(await request<unknown>('get', '/api/admin/sports/prize-deadlines')),
};

/** How often the list is read again; the countdowns tick every second in between. */
const POLL_MS = 30_000;
const TICK_MS = 1_000;
const MINUTE_MS = 60_000;

/** A span as a countdown reads it: "1:42:05" (hours, minutes, seconds). */
export function clockSpan(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** How urgent a prize due at `dueAt` is at `now`, with the server monitor's thresholds (60 and 15 min). */
export function urgency(dueAt: string, now: number): 'waiting' | 'warned' | 'urgent' | 'overdue' {
  const left = Date.parse(dueAt) - now;
  if (left <= 0) return 'overdue';
  if (left <= 15 * MINUTE_MS) return 'urgent';
  if (left <= 60 * MINUTE_MS) return 'warned';
  return 'waiting';
}

const when = (iso: string) => new Date(iso).toLocaleString('pt-BR');

/**
 * Prizes waiting after their event ended, most urgent first, each with its due time and a live
 * countdown (red once overdue), and the breaches recorded. `onOpenFixture` (the trader's sports
 * section) opens a fixture in the result form below.
 */
export function PrizeDeadlinesPanel({
  onOpenFixture,
  refresh = 0,
}: {
  onOpenFixture?: (fixtureId: string) => void;
  /** Changing it reads the list again at once (a result was just entered). */
  refresh?: number;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<PrizeDeadlines | null>(null);
  // The server's clock minus this browser's: countdowns follow the server that set the due times.
  const [skewMs, setSkewMs] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      const read = await prizeApi.deadlines();
      setSkewMs(Date.parse(read.now) - Date.now());
      setData(read);
      setMessage('');
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  usePolling(load, POLL_MS, refresh);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const serverNow = now + skewMs;

  return (
    <section className="admin-panel" aria-labelledby="admin-prizes-title">
      <h2 id="admin-prizes-title">{t('admin.prizes.title')}</h2>
      <p>{t('admin.prizes.help', { minutes: data?.deadlineMinutes ?? 120 })}</p>
      {message && <p role="status">{message}</p>}
      {data && data.waiting.length === 0 && <p>{t('admin.prizes.empty')}</p>}
      {data && data.waiting.length > 0 && (
        <table className="admin-table" aria-label={t('admin.prizes.title')}>
          <thead>
            <tr>
              <th>{t('admin.prizes.deadline')}</th>
              <th>{t('admin.prizes.bet')}</th>
              <th>{t('admin.prizes.fixtures')}</th>
              <th>{t('admin.prizes.state')}</th>
              <th>{t('admin.prizes.amounts')}</th>
            </tr>
          </thead>
          <tbody>
            {data.waiting.map((w) => {
              const left = Date.parse(w.dueAt) - serverNow;
              const level = urgency(w.dueAt, serverNow);
              return (
                <tr key={w.betId} className={`admin-prize admin-prize--${level}`} data-testid="admin-prize">
                  <td>
                    <strong>
                      {level === 'overdue'
                        ? t('admin.prizes.overdue', { time: clockSpan(left) })
                        : t('admin.prizes.left', { time: clockSpan(left) })}
                    </strong>
                    <br />
                    <small>{t('admin.prizes.due', { when: when(w.dueAt) })}</small>
                  </td>
                  <td>
                    {w.betId}
                    <br />
                    <small>{w.username}</small>
                  </td>
                  <td>
                    {w.fixtures.map((f) => (
                      <div key={f.id}>
                        {f.label} <small>{t('admin.prizes.ended', { when: when(f.endedAt) })}</small>
                        {onOpenFixture && (
                          <>
                            {' '}
                            <button
                              type="button"
                              className="admin-secondary"
                              onClick={() => onOpenFixture(f.id)}
                              aria-label={t('admin.prizes.openFixture', { fixture: f.label })}
                            >
                              {t('admin.prizes.open')}
                            </button>
                          </>
                        )}
                      </div>
                    ))}
                  </td>
                  <td>
                    {t(`admin.prizes.states.${w.state}`)}
                    {w.breachedAt && (
                      <>
                        {' '}
                        <span className="admin-badge">{t('admin.prizes.breachRecorded')}</span>
                      </>
                    )}
                  </td>
                  <td>
                    {brl(w.stake)} / {brl(w.potentialReturn)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <h3>{t('admin.prizes.breachesTitle')}</h3>
      {data && data.breaches.length === 0 && <p>{t('admin.prizes.noBreaches')}</p>}
      {data && data.breaches.length > 0 && (
        <table className="admin-table" aria-label={t('admin.prizes.breachesTitle')}>
          <thead>
            <tr>
              <th>{t('admin.prizes.bet')}</th>
              <th>{t('admin.prizes.deadline')}</th>
              <th>{t('admin.prizes.resolvedAt')}</th>
              <th>{t('admin.prizes.minutesLate')}</th>
            </tr>
          </thead>
          <tbody>
            {data.breaches.map((b) => (
              <tr key={b.betId}>
                <td>
                  {b.betId}
                  <br />
                  <small>{b.username}</small>
                </td>
                <td>{when(b.dueAt)}</td>
                <td>{b.resolvedAt ? when(b.resolvedAt) : t('admin.prizes.stillOpen')}</td>
                <td>{b.minutesLate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
