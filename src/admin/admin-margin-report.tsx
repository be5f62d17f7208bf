import { useTranslation } from 'react-i18next';
import { brl, percent } from './admin-panels';
import type { MarginReportRow } from './admin-money-api';

/**
 * The sportsbook's margins against what it kept (decision 80): singles by market group and
 * competition tier, múltiplas apart. A hold far from the book's expectation over many bets is a
 * model off, or players who beat it.
 */
export function MarginTable({ rows }: { rows: MarginReportRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <>
      <h3>{t('admin.reports.byMargin')}</h3>
      <p className="admin-hint">{t('admin.reports.marginHint')}</p>
      <table className="admin-table" data-testid="admin-report-margins">
        <thead>
          <tr>
            <th>{t('admin.reports.group')}</th>
            <th>{t('admin.reports.tier')}</th>
            <th>{t('admin.reports.bets')}</th>
            <th>{t('admin.reports.stakes')}</th>
            <th>{t('admin.reports.returns')}</th>
            <th>GGR</th>
            <th>{t('admin.reports.marginBook')}</th>
            <th>{t('admin.reports.holdExpected')}</th>
            <th>{t('admin.reports.holdObserved')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.group}-${r.tier}`}>
              <td>{t(`admin.reports.groups.${r.group}`)}</td>
              <td>{r.tier ?? '—'}</td>
              <td>{r.bets}</td>
              <td>{brl(r.stakes)}</td>
              <td>{brl(r.returns)}</td>
              <td className={r.ggr < 0 ? 'admin-negative' : undefined}>{brl(r.ggr)}</td>
              <td>{percent(r.marginBook)}</td>
              <td>{percent(r.holdExpected)}</td>
              <td>{percent(r.holdObserved)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
