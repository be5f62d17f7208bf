import { z } from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../components/scroll-table';
import { vipLevelSchema } from '../../../domain/schemas/site.schema';
import type { UserInfo } from '../../../domain/schemas/user.schema';
import { formatMoney } from '../../lib/format';
import { useEffect, useState } from 'react';
import { VIP_TABLE, type VipRow } from '../../lib/vip-table';
import { apiGet } from '../../services/api-client';
import { openOverlay } from '../app/overlay-store';
import { useToken, useUserInfo } from '../app/session';
import { VipBadge } from '../components/vip-badge';
import { RoutePageHeading } from './page-heading';

/** How far along a player is towards one threshold of the next level. */
function Progress({
  label,
  done,
  target,
  missingText,
  reachedText,
  testId,
}: {
  label: string;
  done: number;
  target: number;
  missingText: (amount: string) => string;
  reachedText: string;
  testId: string;
}) {
  const missing = Math.max(0, target - done);
  const ratio = target > 0 ? Math.min(1, done / target) : 1;
  return (
    <div className="progress">
      <div className="progress__head">
        <span>{label}</span>
        <span className="muted">
          {formatMoney(Math.min(done, target))} / {formatMoney(target)}
        </span>
      </div>
      <div
        className="progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
      >
        <span style={{ width: `${ratio * 100}%` }} />
      </div>
      <p className="progress__missing" data-testid={testId}>
        {missing > 0 ? missingText(formatMoney(missing)) : reachedText}
      </p>
    </div>
  );
}

/** The table the build carries, replaced by the server's live one when it arrives. */
function useVipTable(): readonly VipRow[] {
  const [table, setTable] = useState<readonly VipRow[]>(VIP_TABLE);
  useEffect(() => {
    let live = true;
    apiGet<unknown>('/api/app/main/vip', { loading: false }, { silent: true })
      .then((body) => {
        const rows = z.array(vipLevelSchema).parse(body.data);
        if (live && rows.length > 0) setTable(rows);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return table;
}

/** The player's level and what is missing for the next (`nextlevel` holds its absolute thresholds). */
function CurrentLevel({ user, table }: { user: UserInfo; table: readonly VipRow[] }) {
  const { t } = useTranslation();
  const top = table[table.length - 1]?.level ?? 0;
  const atTop = user.level >= top;
  return (
    <section className="vip-current" data-testid="vip-current">
      <VipBadge level={user.level} label={t('vip.level', { level: user.level })} />
      <div className="vip-current__body">
        <p className="muted">{t('vip.current')}</p>
        <p className="vip-current__level" data-testid="vip-level">
          {t('vip.level', { level: user.level })}
        </p>
        {atTop ? (
          <p>{t('vip.top')}</p>
        ) : (
          <>
            <p className="vip-current__next">{t('vip.next', { level: user.level + 1 })}</p>
            <Progress
              label={t('vip.deposits')}
              done={user.paySumAmount}
              target={user.nextlevel.paySumAmount}
              missingText={(amount) => t('vip.missingDeposit', { amount })}
              reachedText={t('vip.reachedDeposit')}
              testId="vip-missing-deposit"
            />
            <Progress
              label={t('vip.wagers')}
              done={user.gameSumAmount}
              target={user.nextlevel.gameSumAmount}
              missingText={(amount) => t('vip.missingWager', { amount })}
              reachedText={t('vip.reachedWager')}
              testId="vip-missing-wager"
            />
          </>
        )}
      </div>
    </section>
  );
}

/** `/vip`: the player's level and the VIP 0–12 table with its five values per level. */
export function VipPage() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useUserInfo();
  const table = useVipTable();
  return (
    <article className="panel" data-testid="page-vip">
      <RoutePageHeading />
      {token && user ? (
        <CurrentLevel user={user} table={table} />
      ) : (
        <div className="callout">
          <p>{t('vip.visitor')}</p>
          <button type="button" className="button button--gold" onClick={() => openOverlay('login')}>
            {t('header.login')}
          </button>
        </div>
      )}
      <section aria-labelledby="vip-table-title">
        <h2 id="vip-table-title" className="section-title">
          {t('vip.tableTitle')}
        </h2>
        <ScrollTable labelledBy="vip-table-title">
          <table className="vip-table" data-testid="vip-table">
            <thead>
              <tr>
                <th scope="col">{t('vip.colLevel')}</th>
                <th scope="col">{t('vip.colDeposit')}</th>
                <th scope="col">{t('vip.colWager')}</th>
                <th scope="col">{t('vip.colAward')}</th>
                <th scope="col">{t('vip.colWithdrawals')}</th>
                <th scope="col">{t('vip.colLimit')}</th>
              </tr>
            </thead>
            <tbody>
              {table.map((row) => {
                const current = user?.level === row.level;
                return (
                  <tr
                    key={row.level}
                    className={current ? 'vip-table__current' : undefined}
                    aria-current={current ? 'true' : undefined}
                    data-testid={`vip-row-${row.level}`}
                  >
                    <th scope="row">
                      <span className="vip-table__level">
                        <VipBadge level={row.level} /> VIP {row.level}
                      </span>
                    </th>
                    <td>{formatMoney(row.depositSum)}</td>
                    <td>{formatMoney(row.wagerSum)}</td>
                    <td>{formatMoney(row.upgradeAward)}</td>
                    <td>{row.withdrawalsPerDay === 0 ? t('vip.unlimited') : row.withdrawalsPerDay}</td>
                    <td>{formatMoney(row.withdrawalLimitPerDay)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      </section>
    </article>
  );
}
