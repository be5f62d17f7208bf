import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boostApi, oddsText, type BoostRow } from './admin-boosts-api';
import { BoostForm, selectionKey } from './admin-boost-form';
import { ConfirmButton } from './admin-confirm';
import { usePolling } from './admin-fields';
import { errorText } from './admin-login';
import { brl, spDateTime } from './admin-panels';
import './admin-boosts.css';

/** How often the figures are read again while the panel is open. */
const POLL_MS = 30_000;

/** Every boost with its own figures, newest first; a running one can be ended (asked first). */
export function BoostTable({
  rows,
  onEnd,
  now = Date.now(),
}: {
  rows: BoostRow[];
  onEnd: (row: BoostRow) => Promise<void>;
  now?: number;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p>{t('admin.boosts.empty')}</p>;
  return (
    <div className="admin-scroll">
      <table className="admin-table admin-boost__table" aria-label={t('admin.boosts.listTitle')}>
        <thead>
          <tr>
            <th>{t('admin.boosts.fixture')}</th>
            <th>{t('admin.boosts.selection')}</th>
            <th>{t('admin.boosts.price')}</th>
            <th>{t('admin.boosts.limit')}</th>
            <th>{t('admin.boosts.state')}</th>
            <th>{t('admin.boosts.bets')}</th>
            <th>{t('admin.boosts.players')}</th>
            <th>{t('admin.boosts.stakes')}</th>
            <th>{t('admin.boosts.paid')}</th>
            <th>{t('admin.boosts.hold')}</th>
            <th>{t('admin.boosts.boostCost')}</th>
            <th>{t('admin.boosts.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} data-testid="admin-boost" data-running={b.endedAt === null}>
              <td>
                {b.fixture}
                <br />
                <small className="admin-muted">
                  {t('admin.boosts.starts', { when: spDateTime(b.startsAt) })}
                </small>
              </td>
              <td>
                {b.market}
                <br />
                <strong>{b.outcome}</strong>
              </td>
              <td className="admin-nowrap">
                <s className="admin-muted">{oddsText(b.was)}</s> → <strong>{oddsText(b.odds)}</strong>
              </td>
              <td className="admin-nowrap">{brl(b.maxStake)}</td>
              <td>
                {b.endedAt !== null ? (
                  t('admin.boosts.ended', { when: spDateTime(b.endedAt) })
                ) : (
                  <span className="admin-ok">
                    {Date.parse(b.startsAt) <= now
                      ? t('admin.boosts.runningStarted')
                      : t('admin.boosts.running')}
                  </span>
                )}
              </td>
              <td>{b.bets}</td>
              <td>{b.players}</td>
              <td className="admin-nowrap">{brl(b.stakes)}</td>
              <td className="admin-nowrap">{brl(b.paid)}</td>
              <td className={b.hold < 0 ? 'admin-nowrap admin-negative' : 'admin-nowrap'}>{brl(b.hold)}</td>
              <td className="admin-nowrap">{brl(b.boostCost)}</td>
              <td>
                {b.endedAt === null && (
                  <ConfirmButton
                    label={t('admin.boosts.end')}
                    question={t('admin.boosts.confirmEnd', {
                      outcome: b.outcome,
                      fixture: b.fixture,
                      odds: oddsText(b.odds),
                    })}
                    danger
                    onConfirm={() => onEnd(b)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The trader's Super Odds (decision 88): set one on a selection, and follow or end the others. */
export function BoostsPanel() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<BoostRow[] | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [changed, setChanged] = useState(0);

  const load = useCallback(async () => {
    try {
      setRows(await boostApi.list());
    } catch (err) {
      setMessage({ text: errorText(err, t('admin.error')), error: true });
    }
  }, [t]);
  usePolling(load, POLL_MS, changed);

  const running = useMemo(
    () =>
      new Set(
        (rows ?? [])
          .filter((b) => b.endedAt === null)
          .map((b) => selectionKey(b.fixtureId, b.marketId, b.outcomeId)),
      ),
    [rows],
  );

  const end = async (row: BoostRow) => {
    setMessage(null);
    try {
      await boostApi.end(row.id);
      setMessage({
        text: t('admin.boosts.endedNow', { outcome: row.outcome, fixture: row.fixture }),
        error: false,
      });
    } catch (err) {
      setMessage({ text: errorText(err, t('admin.error')), error: true });
    }
    setChanged((n) => n + 1);
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-boosts-title">
      <h2 id="admin-boosts-title">{t('admin.boosts.title')}</h2>
      <p>{t('admin.boosts.help')}</p>
      <BoostForm running={running} onCreated={() => setChanged((n) => n + 1)} />
      <h3 className="admin-boost__list-title">{t('admin.boosts.listTitle')}</h3>
      <p className="admin-muted">{t('admin.boosts.figuresHint')}</p>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'admin-error' : undefined}>
          {message.text}
        </p>
      )}
      {rows && <BoostTable rows={rows} onEnd={end} />}
    </section>
  );
}
