import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminNotice, type AdminWithdrawal, type WithdrawalRisk } from './admin-api';
import { errorText } from './admin-login';
import { ConfirmButton } from './admin-confirm';

/** BRL as the console shows it (R$ 1.234,56). */
export function brl(value: number): string {
  return value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
}

/** A ratio as a percentage ("98,7 %"), or a dash. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`;
}

const saoPauloTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** An instant as the console shows it: São Paulo's date and time, wherever the operator sits. */
export function spDateTime(iso: string): string {
  return saoPauloTime.format(new Date(iso));
}

type RiskKey =
  | 'admin.risk.newAccount'
  | 'admin.risk.depositBefore'
  | 'admin.risk.bonusTurnover'
  | 'admin.risk.bonusReleased'
  | 'admin.risk.sameKey';

/** A risk signal: its translation key and values. */
export interface RiskFlag {
  key: RiskKey;
  values: Record<string, string | number>;
}

/** The risk signals of a withdrawal worth a second look. */
export function riskFlags(risk: WithdrawalRisk): RiskFlag[] {
  const flags: RiskFlag[] = [];
  if (risk.newAccount) flags.push({ key: 'admin.risk.newAccount', values: { days: risk.accountAgeDays } });
  if (risk.depositMinutesBefore !== null) {
    flags.push({ key: 'admin.risk.depositBefore', values: { minutes: risk.depositMinutesBefore } });
  }
  if (risk.bonusTurnoverLeft > 0) {
    flags.push({ key: 'admin.risk.bonusTurnover', values: { amount: brl(risk.bonusTurnoverLeft) } });
  }
  // Cash that began as bonus: a gift converted by wagering, worth a look before it is paid out.
  if (risk.bonusReleased > 0) {
    flags.push({ key: 'admin.risk.bonusReleased', values: { amount: brl(risk.bonusReleased) } });
  }
  if (risk.sameKeyUsers.length > 0) {
    flags.push({ key: 'admin.risk.sameKey', values: { users: risk.sameKeyUsers.join(', ') } });
  }
  return flags;
}

/** Withdrawals waiting for approval, with history and risk signals; approve or reject, one or many. */
export function WithdrawalsPanel() {
  const { t } = useTranslation();
  const [items, setItems] = useState<AdminWithdrawal[]>([]);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      const page = await adminApi.withdrawals();
      setItems(page.list);
      setTotal(page.total);
      setSelected(new Set());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);

  useEffect(() => void load(), [load]);

  const decide = async (action: 'approve' | 'reject', ids: string[], note = '') => {
    setMessage('');
    try {
      if (ids.length === 1 && action === 'reject') {
        await adminApi.reject(ids[0]!, note);
        setMessage(t('admin.withdrawals.rejected'));
      } else if (ids.length === 1) {
        const { outcome } = await adminApi.approve(ids[0]!);
        setMessage(
          t(outcome === 'queued' ? 'admin.withdrawals.approved' : 'admin.withdrawals.firstApproval'),
        );
      } else {
        const results = await adminApi.bulk(action, ids, note);
        const failed = results.filter((r) => !r.ok);
        const firsts = results.filter((r) => r.outcome === 'firstApproval').length;
        setMessage(
          t('admin.withdrawals.bulkDone', { ok: results.length - failed.length, failed: failed.length }) +
            (firsts > 0 ? ` ${t('admin.withdrawals.bulkFirsts', { count: firsts })}` : '') +
            failed.map((f) => ` ${f.id}: ${f.message ?? ''}`).join(''),
        );
      }
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
    await load();
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="admin-panel" aria-labelledby="admin-withdrawals-title">
      <h2 id="admin-withdrawals-title">{t('admin.withdrawals.title')}</h2>
      <div className="admin-actions">
        <button type="button" onClick={() => void load()}>
          {t('admin.reload')}
        </button>
        <ConfirmButton
          label={t('admin.withdrawals.approveSelected', { count: selected.size })}
          question={t('admin.withdrawals.confirmApproveMany', { count: selected.size })}
          disabled={selected.size === 0}
          onConfirm={() => decide('approve', [...selected])}
        />
        <ConfirmButton
          label={t('admin.withdrawals.rejectSelected', { count: selected.size })}
          question={t('admin.withdrawals.confirmRejectMany', { count: selected.size })}
          reason="required"
          danger
          disabled={selected.size === 0}
          onConfirm={(note) => decide('reject', [...selected], note)}
        />
      </div>
      {message && <p role="status">{message}</p>}
      {total > items.length && (
        <p className="admin-hint">{t('admin.withdrawals.waitingMore', { shown: items.length, total })}</p>
      )}
      {items.length === 0 ? (
        <p>{t('admin.withdrawals.empty')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th />
              <th>{t('admin.withdrawals.player')}</th>
              <th>{t('admin.withdrawals.amount')}</th>
              <th>{t('admin.withdrawals.key')}</th>
              <th>{t('admin.withdrawals.history')}</th>
              <th>{t('admin.withdrawals.risk')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((w) => (
              <tr key={w.id} data-testid={`withdrawal-${w.id}`}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('admin.withdrawals.select', { id: w.id })}
                    checked={selected.has(w.id)}
                    onChange={() => toggle(w.id)}
                  />
                </td>
                <td>
                  {w.username}
                  <br />
                  <small>{spDateTime(w.createdAt)}</small>
                </td>
                <td>
                  {brl(w.amount)}
                  {w.firstApprovedBy && (
                    <>
                      <br />
                      <small data-testid={`first-approval-${w.id}`}>
                        {t('admin.withdrawals.awaitsSecond', { operator: w.firstApprovedBy })}
                      </small>
                    </>
                  )}
                </td>
                <td>
                  {w.method} {w.account}
                </td>
                <td>
                  {w.risk &&
                    t('admin.withdrawals.historyText', {
                      deposits: brl(w.risk.depositsPaid),
                      depositCount: w.risk.depositsPaidCount,
                      withdrawals: brl(w.risk.withdrawalsPaid),
                      withdrawalCount: w.risk.withdrawalsPaidCount,
                    })}
                </td>
                <td>
                  <ul className="admin-flags">
                    {w.risk && riskFlags(w.risk).map((f) => <li key={f.key}>{t(f.key, f.values)}</li>)}
                  </ul>
                </td>
                <td className="admin-actions">
                  <ConfirmButton
                    label={t('admin.withdrawals.approve')}
                    question={t('admin.withdrawals.confirmApprove', {
                      amount: brl(w.amount),
                      player: w.username,
                    })}
                    onConfirm={() => decide('approve', [w.id])}
                  />
                  <ConfirmButton
                    label={t('admin.withdrawals.reject')}
                    question={t('admin.withdrawals.confirmReject', {
                      amount: brl(w.amount),
                      player: w.username,
                    })}
                    reason="required"
                    danger
                    onConfirm={(note) => decide('reject', [w.id], note)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Publishes a notice: every open page gets it at once (the `notice` socket event). */
export function NoticesPanel() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [notices, setNotices] = useState<AdminNotice[]>([]);
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      setNotices(await adminApi.notices());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    try {
      await adminApi.publishNotice(text);
      setText('');
      setMessage(t('admin.notices.published'));
      await load();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-notices-title">
      <h2 id="admin-notices-title">{t('admin.notices.title')}</h2>
      <form onSubmit={(e) => void publish(e)}>
        <label>
          {t('admin.notices.text')}
          <textarea
            name="notice"
            maxLength={500}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" disabled={!text.trim()}>
          {t('admin.notices.publish')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      <ul>
        {notices.map((n) => (
          <li key={n.id}>
            <small>{new Date(n.createdAt).toLocaleString('pt-BR')}</small> {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
