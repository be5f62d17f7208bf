import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './admin-login';
import { DateRangeFields } from './admin-fields';
import {
  moneyApi,
  type LedgerAccountRow,
  type LedgerTransaction,
  type Reconciliation,
} from './admin-money-api';
import { brl, spDateTime } from './admin-panels';
import { TRANSACTION_KINDS, useLedgerWords } from './admin-words';
import { saoPauloDayOf } from '../../domain/sao-paulo-days';

/** Today and `days` before it as São Paulo dates, the days finance counts in. */
function spDay(daysAgo = 0): string {
  return saoPauloDayOf(Date.now() - daysAgo * 86_400_000);
}

/** Accounts: what the house holds per kind and what the players hold in total; the audit on demand. */
function AccountsBlock() {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const [rows, setRows] = useState<LedgerAccountRow[]>([]);
  const [audit, setAudit] = useState<{ sound: boolean; problems: string[] } | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    moneyApi
      .accounts()
      .then(setRows)
      .catch((err: unknown) => setMessage(errorText(err, t('admin.error'))));
  }, [t]);
  const runAudit = async () => {
    setMessage('');
    try {
      setAudit(await moneyApi.audit());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  return (
    <>
      <h3>{t('admin.ledger.accounts')}</h3>
      {message && <p role="status">{message}</p>}
      <table className="admin-table" data-testid="admin-ledger-accounts">
        <thead>
          <tr>
            <th>{t('admin.ledger.kind')}</th>
            <th>{t('admin.ledger.owner')}</th>
            <th>{t('admin.ledger.count')}</th>
            <th>{t('admin.ledger.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}-${r.house}`}>
              <td>
                {words.account(r.kind)}
                <br />
                <small>{r.kind}</small>
              </td>
              <td>{r.house ? t('admin.ledger.house') : t('admin.ledger.players')}</td>
              <td>{r.accounts}</td>
              <td className={r.balance < 0 ? 'admin-negative' : undefined}>{brl(r.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" onClick={() => void runAudit()} data-testid="admin-ledger-audit">
          {t('admin.ledger.runAudit')}
        </button>{' '}
        {audit && (
          <span role="status" className={audit.sound ? 'admin-ok' : 'admin-negative'}>
            {audit.sound
              ? t('admin.ledger.sound')
              : t('admin.ledger.problems', { count: audit.problems.length })}
          </span>
        )}
      </p>
      {audit && !audit.sound && (
        <ul>
          {audit.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Transactions newest first with their postings; filter by kind or reference, page back in time. */
function TransactionsBlock() {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const [kind, setKind] = useState('');
  const [reference, setReference] = useState('');
  const [rows, setRows] = useState<LedgerTransaction[] | null>(null);
  const [message, setMessage] = useState('');
  const load = async (before?: string) => {
    setMessage('');
    try {
      const page = await moneyApi.transactions({ kind: kind.trim(), reference: reference.trim(), before });
      setRows((current) => (before && current ? [...current, ...page] : page));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void load();
  };
  return (
    <>
      <h3>{t('admin.ledger.transactions')}</h3>
      <form className="admin-inline" onSubmit={submit}>
        <label>
          {t('admin.ledger.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('admin.words.anyKind')}</option>
            {TRANSACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {words.txKind(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.ledger.reference')}
          <input
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            placeholder={t('admin.words.referenceHint')}
          />
        </label>
        <button type="submit">{t('admin.ledger.search')}</button>
      </form>
      {message && <p role="status">{message}</p>}
      {rows && rows.length === 0 && <p>{t('admin.ledger.none')}</p>}
      {rows && rows.length > 0 && (
        <>
          <table className="admin-table" data-testid="admin-ledger-transactions">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('admin.ledger.when')}</th>
                <th>{t('admin.ledger.kind')}</th>
                <th>{t('admin.ledger.reference')}</th>
                <th>{t('admin.ledger.postings')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((tx) => (
                <tr key={tx.id}>
                  <td>{tx.id}</td>
                  <td className="admin-nowrap">{spDateTime(tx.createdAt)}</td>
                  <td>
                    {words.txKind(tx.kind)}
                    <br />
                    <small>{tx.kind}</small>
                  </td>
                  <td>{tx.reference}</td>
                  <td>
                    {tx.postings.map((p) => (
                      <div key={p.account} className={p.amount < 0 ? 'admin-negative' : undefined}>
                        {words.account(p.account)} {brl(p.amount)}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="admin-secondary"
            onClick={() => void load(rows[rows.length - 1]!.id)}
          >
            {t('admin.ledger.older')}
          </button>
        </>
      )}
    </>
  );
}

/** The provider's charges and payouts against the ledger, problems first. */
function ReconciliationBlock() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(spDay(1));
  const [to, setTo] = useState(spDay(0));
  const [result, setResult] = useState<Reconciliation | null>(null);
  const [message, setMessage] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    try {
      setResult(await moneyApi.reconciliation(from, to));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  const rows = result
    ? [...result.rows].sort((a, b) => Number(a.verdict === 'ok') - Number(b.verdict === 'ok'))
    : [];
  return (
    <>
      <h3>{t('admin.ledger.reconciliation')}</h3>
      <form className="admin-inline" onSubmit={(e) => void submit(e)}>
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <button type="submit" data-testid="admin-reconcile">
          {t('admin.ledger.reconcile')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {result && (
        <>
          <p role="status" className={result.issues === 0 ? 'admin-ok' : 'admin-negative'}>
            {t('admin.ledger.reconciled', {
              checked: result.checked,
              issues: result.issues,
              provider: result.provider,
            })}
          </p>
          <table className="admin-table" data-testid="admin-reconciliation">
            <thead>
              <tr>
                <th>{t('admin.ledger.what')}</th>
                <th>ID</th>
                <th>{t('admin.ledger.amount')}</th>
                <th>{t('admin.ledger.state')}</th>
                <th>{t('admin.ledger.provider')}</th>
                <th>{t('admin.ledger.inLedger')}</th>
                <th>{t('admin.ledger.verdict')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.kind}-${r.id}`} data-verdict={r.verdict}>
                  <td>{t(`admin.ledger.${r.kind}`)}</td>
                  <td>{r.id}</td>
                  <td>{brl(r.amount)}</td>
                  <td>{r.state}</td>
                  <td>{r.provider}</td>
                  <td>{r.ledger}</td>
                  <td className={r.verdict === 'ok' ? 'admin-ok' : 'admin-negative'}>
                    {t(`admin.ledger.verdicts.${r.verdict}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/** Finance's ledger section. */
export function LedgerPanel() {
  const { t } = useTranslation();
  return (
    <section className="admin-panel" aria-labelledby="admin-ledger-title">
      <h2 id="admin-ledger-title">{t('admin.ledger.title')}</h2>
      <AccountsBlock />
      <ReconciliationBlock />
      <TransactionsBlock />
    </section>
  );
}
