import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATES } from '../../domain/schemas/back-office.schema';
import { adminApi, type WithdrawalSearch } from './admin-api';
import { usePagedSearch } from './admin-search';
import { ChoiceField, Pager } from './admin-fields';
import { brl, spDateTime, WithdrawalsPanel } from './admin-panels';

const PAGE_SIZE = 50;
const EMPTY: WithdrawalSearch = { status: '', q: '', from: '', to: '', min: '', max: '' };

/**
 * Every withdrawal, decided ones included, searchable by state, days, amount, player and PIX key
 * (issue 19: "cadê meu saque?" must have an answer): each row says in words where the money is,
 * who decided and why.
 */
export function WithdrawalHistory() {
  const { t } = useTranslation();
  const { result, message, loading, page, setPage, pages, submit, clear, field } = usePagedSearch(
    EMPTY,
    PAGE_SIZE,
    adminApi.withdrawals,
  );

  return (
    <section className="admin-panel" aria-labelledby="admin-withdrawal-history-title" aria-busy={loading}>
      <h2 id="admin-withdrawal-history-title">{t('admin.withdrawals.historyTitle')}</h2>
      <p className="admin-hint">{t('admin.withdrawals.historyHelp')}</p>
      <form className="admin-filters" onSubmit={submit}>
        <label className="admin-filters__wide">
          {t('admin.withdrawals.searchLabel')}
          <input type="search" {...field('q')} />
        </label>
        <ChoiceField
          label={t('admin.withdrawals.statusLabel')}
          anyLabel={t('admin.withdrawals.anyStatus')}
          choices={PAYOUT_STATES.map((state) => ({
            value: state,
            label: t(`admin.withdrawals.states.${state}`),
          }))}
          field={field('status')}
        />
        <label>
          {t('admin.withdrawals.from')}
          <input type="date" {...field('from')} />
        </label>
        <label>
          {t('admin.withdrawals.to')}
          <input type="date" {...field('to')} />
        </label>
        <label>
          {t('admin.withdrawals.min')}
          <input inputMode="decimal" {...field('min')} />
        </label>
        <label>
          {t('admin.withdrawals.max')}
          <input inputMode="decimal" {...field('max')} />
        </label>
        <button type="submit">{t('admin.withdrawals.search')}</button>
        <button type="button" className="admin-secondary" onClick={clear}>
          {t('admin.withdrawals.clear')}
        </button>
      </form>
      {message && <p role="alert">{message}</p>}
      {result && result.list.length === 0 && <p>{t('admin.withdrawals.noneFound')}</p>}
      {result && result.list.length > 0 && (
        <>
          <p role="status">{t('admin.withdrawals.count', { count: result.total, page, pages })}</p>
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t('admin.withdrawals.requested')}</th>
                <th>{t('admin.withdrawals.player')}</th>
                <th>{t('admin.withdrawals.amount')}</th>
                <th>{t('admin.withdrawals.key')}</th>
                <th>{t('admin.withdrawals.statusLabel')}</th>
                <th>{t('admin.withdrawals.decidedBy')}</th>
                <th>{t('admin.withdrawals.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {result.list.map((w) => (
                <tr key={w.id} data-testid={`withdrawal-history-${w.id}`}>
                  <td>
                    {spDateTime(w.createdAt)}
                    <br />
                    <small>nº {w.id}</small>
                  </td>
                  <td>
                    {w.username}
                    <br />
                    <small>ID {w.userId}</small>
                  </td>
                  <td>{brl(w.amount)}</td>
                  <td>
                    {w.account}
                    <br />
                    <small>
                      {w.method} · {t('admin.withdrawals.holder')}: {w.holderName}
                    </small>
                  </td>
                  <td>
                    {t(`admin.withdrawals.states.${w.payoutState}`)}
                    {w.finishedAt && (
                      <>
                        <br />
                        <small>
                          {t('admin.withdrawals.finished')} {spDateTime(w.finishedAt)}
                        </small>
                      </>
                    )}
                  </td>
                  <td>{w.decidedBy ?? t('admin.withdrawals.automatic')}</td>
                  <td>{w.note}</td>
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

/** Finance's withdrawal desk: the approval queue, or the history of every withdrawal. */
export function WithdrawalsDesk() {
  const { t } = useTranslation();
  const [view, setView] = useState<'queue' | 'history'>('queue');
  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={t('admin.nav.withdrawals')}>
        {(['queue', 'history'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={view === key}
            className={view === key ? undefined : 'admin-secondary'}
            onClick={() => setView(key)}
          >
            {t(key === 'queue' ? 'admin.withdrawals.queueTab' : 'admin.withdrawals.historyTab')}
          </button>
        ))}
      </div>
      {view === 'queue' ? <WithdrawalsPanel /> : <WithdrawalHistory />}
    </>
  );
}
