import { useTranslation } from 'react-i18next';
import { adminApi, type AuditSearch } from './admin-api';
import { usePagedSearch } from './admin-search';
import { errorText } from './admin-login';
import { downloadText, Pager } from './admin-fields';
import { spDateTime } from './admin-panels';
import ptBR from './locales/pt_BR.json';

const PAGE_SIZE = 50;
const EMPTY: AuditSearch = { actor: '', action: '', object: '', from: '', to: '' };
/** The action families the filter offers (the catalogue's keys, one place). */
const FAMILIES = Object.keys(ptBR.auditLog.families) as Array<keyof typeof ptBR.auditLog.families>;
const ACTIONS = ptBR.auditLog.actions;

/** A recorded state, or a dash where there was none (a creation's "before"). */
const stateText = (json: string) => (json === 'null' || json === '' ? '—' : json);

/**
 * Who did what (issue 19, item 6): the operator audit trail, searchable by operator, action,
 * object and São Paulo days, in words with the code as small print, exportable as CSV.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const { search, result, message, setMessage, page, setPage, pages, submit, field } = usePagedSearch(
    EMPTY,
    PAGE_SIZE,
    adminApi.auditLog,
  );

  const exportCsv = async () => {
    try {
      downloadText('trevo-auditoria.csv', await adminApi.auditCsv(search));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  const actionText = (action: string) =>
    action in ACTIONS ? t(`admin.auditLog.actions.${action as keyof typeof ACTIONS}`) : action;

  return (
    <section className="admin-panel" aria-labelledby="admin-audit-log-title">
      <h2 id="admin-audit-log-title">{t('admin.auditLog.title')}</h2>
      <form className="admin-filters" onSubmit={submit}>
        <label>
          {t('admin.auditLog.actor')}
          <input {...field('actor')} />
        </label>
        <label>
          {t('admin.auditLog.action')}
          <select {...field('action')}>
            <option value="">{t('admin.auditLog.anyAction')}</option>
            {FAMILIES.map((family) => (
              <optgroup key={family} label={t(`admin.auditLog.families.${family}`)}>
                <option value={family}>
                  {t(`admin.auditLog.families.${family}`)} · {t('admin.auditLog.anyAction')}
                </option>
                {Object.keys(ACTIONS)
                  .filter((a) => a.startsWith(`${family}.`))
                  .map((a) => (
                    <option key={a} value={a}>
                      {actionText(a)}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="admin-filters__wide">
          {t('admin.auditLog.object')}
          <input {...field('object')} />
        </label>
        <label>
          {t('admin.withdrawals.from')}
          <input type="date" {...field('from')} />
        </label>
        <label>
          {t('admin.withdrawals.to')}
          <input type="date" {...field('to')} />
        </label>
        <button type="submit">{t('admin.auditLog.search')}</button>
        <button type="button" className="admin-secondary" onClick={() => void exportCsv()}>
          {t('admin.auditLog.csv')}
        </button>
      </form>
      {message && <p role="alert">{message}</p>}
      {result && result.list.length === 0 && <p>{t('admin.auditLog.empty')}</p>}
      {result && result.list.length > 0 && (
        <>
          <p role="status">{t('admin.auditLog.count', { count: result.total, page, pages })}</p>
          <table className="admin-table" data-testid="admin-audit-log">
            <thead>
              <tr>
                <th>{t('admin.auditLog.when')}</th>
                <th>{t('admin.auditLog.actor')}</th>
                <th>{t('admin.auditLog.action')}</th>
                <th>{t('admin.auditLog.objectColumn')}</th>
                <th>{t('admin.auditLog.change')}</th>
              </tr>
            </thead>
            <tbody>
              {result.list.map((r) => (
                <tr key={r.seq}>
                  <td className="admin-nowrap">{spDateTime(r.at)}</td>
                  <td>{r.actor ?? `#${r.actorId}`}</td>
                  <td>
                    {actionText(r.action)}
                    <br />
                    <small>{r.action}</small>
                  </td>
                  <td>{r.object}</td>
                  <td>
                    <small>
                      {stateText(r.before)} → {stateText(r.after)}
                    </small>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
