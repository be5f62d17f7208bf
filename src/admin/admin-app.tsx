import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole } from '../../domain/schemas/operator.schema';
import { adminApi, onOperatorLoggedOut, operatorToken, setOperatorToken, type OperatorMe } from './admin-api';
import { AdminLogin } from './admin-login';
import { NoticesPanel } from './admin-panels';
import { WithdrawalsDesk } from './admin-withdrawal-history';
import { AuditPanel, GamesPanel, SportsPanel } from './admin-ops-panels';
import { PlayersPanel, ReportsPanel } from './admin-people-panels';
import { OperatorsPanel } from './admin-operators-panel';
import { LedgerPanel } from './admin-ledger-panel';
import { SupportPanel } from './admin-support-panel';
import { DashboardPanel } from './admin-dashboard';
import { CompliancePanel } from './admin-compliance';
import { KycPanel } from './admin-kyc';
import { ConfigPanel } from './admin-config-panel';
import { PrizeDeadlinesPanel } from './admin-prize-deadlines';
import { BoostsPanel } from './admin-boosts';
import { AuditLog } from './admin-audit-log';
import { installAdminTexts } from './admin-texts';
import './admin.css';
import './admin-money.css';

installAdminTexts();

type Section =
  | 'dashboard'
  | 'withdrawals'
  | 'players'
  | 'reports'
  | 'ledger'
  | 'notices'
  | 'config'
  | 'sports'
  | 'boosts'
  | 'games'
  | 'audit'
  | 'operators'
  | 'support'
  | 'compliance'
  | 'kyc';

/** The sections and the roles that see them (the server checks the same roles on every call). */
const SECTIONS: Array<{ key: Section; roles: readonly OperatorRole[] }> = [
  // The day at a glance opens the console for every role (issue 19).
  { key: 'dashboard', roles: ['support', 'finance', 'trader', 'compliance'] },
  { key: 'withdrawals', roles: ['finance'] },
  { key: 'compliance', roles: ['compliance'] },
  { key: 'players', roles: ['support', 'finance', 'compliance'] },
  { key: 'support', roles: ['support'] },
  { key: 'kyc', roles: ['support', 'compliance'] },
  { key: 'reports', roles: ['finance'] },
  { key: 'ledger', roles: ['finance'] },
  { key: 'notices', roles: [] },
  { key: 'config', roles: [] },
  { key: 'sports', roles: ['trader'] },
  // Super Odds (decision 88): the trader's boosted prices and what each cost.
  { key: 'boosts', roles: ['trader'] },
  { key: 'games', roles: ['trader'] },
  { key: 'audit', roles: ['finance'] },
  { key: 'operators', roles: [] },
];

/** True when an operator of `role` may open `section` (admin opens everything). */
export function canOpen(role: OperatorRole, section: Section): boolean {
  return role === 'admin' || SECTIONS.find((s) => s.key === section)!.roles.includes(role);
}

/** The operator console at `/admin`: a lazy chunk the player's pages never load. */
export function AdminApp() {
  const { t } = useTranslation();
  const [me, setMe] = useState<OperatorMe | null>(null);
  const [checking, setChecking] = useState(Boolean(operatorToken()));
  const [section, setSection] = useState<Section | null>(null);

  const loadMe = useCallback(async () => {
    if (!operatorToken()) {
      setChecking(false);
      return;
    }
    try {
      const who = await adminApi.me();
      setMe(who);
      setSection((s) => s ?? SECTIONS.find((x) => canOpen(who.role, x.key))?.key ?? null);
    } catch {
      setMe(null);
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    document.title = t('admin.title');
    void loadMe();
    return onOperatorLoggedOut(() => setMe(null));
  }, [loadMe, t]);

  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    setOperatorToken(null);
    setMe(null);
    setSection(null);
  };

  if (checking) return <p className="admin-page">{t('common.loading')}</p>;
  if (!me) {
    return (
      <main className="admin-page">
        <AdminLogin onSignedIn={() => void loadMe()} />
      </main>
    );
  }
  return (
    <main className="admin-page">
      <header className="admin-header">
        <strong>{t('admin.title')}</strong>
        <nav aria-label={t('admin.title')}>
          {SECTIONS.filter((s) => canOpen(me.role, s.key)).map((s) => (
            <button
              key={s.key}
              type="button"
              aria-current={section === s.key ? 'page' : undefined}
              onClick={() => setSection(s.key)}
            >
              {t(`admin.nav.${s.key}`)}
            </button>
          ))}
        </nav>
        <span className="admin-who">
          {me.username} · {t(`admin.roles.${me.role}`)}
        </span>
        <button type="button" className="admin-secondary" onClick={() => void logout()}>
          {t('admin.logout')}
        </button>
      </header>
      {section === 'dashboard' && (
        <DashboardPanel canOpen={(target) => canOpen(me.role, target)} onOpen={setSection} />
      )}
      {section === 'withdrawals' && <WithdrawalsDesk />}
      {section === 'players' && <PlayersPanel />}
      {section === 'reports' && <ReportsPanel />}
      {section === 'ledger' && <LedgerPanel />}
      {section === 'notices' && <NoticesPanel />}
      {section === 'config' && <ConfigPanel />}
      {section === 'sports' && <SportsPanel />}
      {section === 'boosts' && <BoostsPanel />}
      {section === 'games' && <GamesPanel />}
      {section === 'audit' && (
        <>
          <AuditPanel />
          <AuditLog />
          <PrizeDeadlinesPanel />
        </>
      )}
      {section === 'operators' && <OperatorsPanel />}
      {section === 'support' && <SupportPanel />}
      {section === 'compliance' && <CompliancePanel />}
      {section === 'kyc' && <KycPanel />}
    </main>
  );
}
