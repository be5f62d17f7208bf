import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../components/scroll-table';
import { Link } from 'react-router-dom';
import type { AgentRewards } from '../../../domain/schemas/promo.schema';
import { formatMoney, formatPercent } from '../../lib/format';
import { fetchAgentRewards, receiveBonus } from '../../services/promo-api';
import { openOverlay } from '../app/overlay-store';
import { useToken } from '../app/session';
import { RoutePageHeading } from '../pages/page-heading';
import { BonusPopup } from './bonus-popup';
import './promo.css';

type Status = 'received' | 'ready' | 'missing' | 'visitor';

/**
 * `/agentJl`: the agent reward levels (direct invitees whose first deposit reached the minimum) and
 * the commission rates of the three referral levels; a player sees their progress and receives a
 * reached level's reward in the bonus pop-up.
 */
export function AgentPage() {
  const { t } = useTranslation();
  const token = useToken();
  const [rewards, setRewards] = useState<AgentRewards | null>(null);
  const [open, setOpen] = useState<{ level: number; reward: number } | null>(null);
  const load = useCallback(() => {
    fetchAgentRewards().then(setRewards, () => undefined);
  }, []);
  useEffect(load, [load, token]);

  const progress = rewards?.progress ?? null;
  const statusOf = (level: number, invitees: number): Status => {
    if (!progress) return 'visitor';
    if (progress.received.includes(level)) return 'received';
    return progress.qualified >= invitees ? 'ready' : 'missing';
  };

  return (
    <div className="promo-page" data-testid="page-agentJl">
      <RoutePageHeading />
      {rewards && (
        <>
          <section className="panel" aria-labelledby="agent-progress">
            <h2 id="agent-progress" className="section-title">
              {t('promo.agent.progressTitle')}
            </h2>
            <p className="muted">{t('promo.agent.rule', { amount: formatMoney(rewards.minFirstDeposit) })}</p>
            {progress ? (
              <p className="agent-count">
                {t('promo.agent.qualified')}{' '}
                <strong data-testid="agent-qualified">{progress.qualified}</strong>
              </p>
            ) : (
              <button type="button" className="button button--gold" onClick={() => openOverlay('login')}>
                {t('promo.common.login')}
              </button>
            )}
            <Link to="/share" className="link-button">
              {t('promo.agent.shareLink')}
            </Link>
          </section>

          <section className="panel" aria-labelledby="agent-levels">
            <h2 id="agent-levels" className="section-title">
              {t('promo.agent.levelsTitle')}
            </h2>
            {rewards.levels.length === 0 ? (
              <p className="muted">{t('promo.agent.off')}</p>
            ) : (
              <ScrollTable labelledBy="agent-levels">
                <table className="share-table agent-table" data-testid="agent-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('promo.agent.columns.level')}</th>
                      <th scope="col">{t('promo.agent.columns.invitees')}</th>
                      <th scope="col">{t('promo.agent.columns.reward')}</th>
                      <th scope="col">{t('promo.agent.columns.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rewards.levels.map((row) => {
                      const status = statusOf(row.level, row.invitees);
                      return (
                        <tr key={row.level} data-testid={`agent-level-${row.level}`}>
                          <td>{t('promo.agent.levelName', { level: row.level })}</td>
                          <td>{row.invitees}</td>
                          <td className="share-table__profit">{formatMoney(row.reward)}</td>
                          <td>
                            {status === 'ready' ? (
                              <button
                                type="button"
                                className="button button--gold button--small"
                                onClick={() => setOpen({ level: row.level, reward: row.reward })}
                                data-testid={`agent-receive-${row.level}`}
                              >
                                {t('promo.bonus.receive')}
                              </button>
                            ) : status === 'received' ? (
                              <span className="agent-done">{t('promo.agent.received')}</span>
                            ) : status === 'missing' ? (
                              <span className="muted">
                                {t('promo.agent.missing', {
                                  count: row.invitees - (progress?.qualified ?? 0),
                                })}
                              </span>
                            ) : (
                              <span className="muted">—</span>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollTable>
            )}
          </section>

          <section className="panel" aria-labelledby="agent-commission">
            <h2 id="agent-commission" className="section-title">
              {t('promo.agent.commissionTitle')}
            </h2>
            <ul className="share-levels">
              {rewards.commissionRates.map((rate, i) => {
                const mine = progress?.byLevel[i];
                return (
                  <li key={i} className="share-level" data-testid={`agent-rate-${i + 1}`}>
                    <span className="share-level__name">{t('promo.share.levelName', { level: i + 1 })}</span>
                    <strong>{formatPercent(rate)}</strong>
                    <span className="muted">{t('promo.agent.rateOf')}</span>
                    {mine && <span className="share-level__profit">{formatMoney(mine.profit)}</span>}
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
      {open && (
        <BonusPopup
          title={t('promo.bonus.agent', { level: open.level })}
          amount={open.reward}
          receive={() => receiveBonus(`agent:${open.level}`)}
          onClose={() => {
            setOpen(null);
            load();
          }}
          onReceived={() => {
            setOpen(null);
            load();
          }}
        />
      )}
    </div>
  );
}
