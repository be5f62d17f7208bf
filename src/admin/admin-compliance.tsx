import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertAction, AlertDetail } from '../../domain/schemas/compliance.schema';
import { adminApi, type AlertSearch } from './admin-api';
import { usePagedSearch } from './admin-search';
import { errorText } from './admin-login';
import { ConfirmButton } from './admin-confirm';
import { ChoiceField, downloadText, Pager } from './admin-fields';
import { brl, spDateTime } from './admin-panels';
import { PlayerProfileView } from './admin-people-panels';
import ptBR from './locales/pt_BR.json';

const PAGE_SIZE = 50;
const EMPTY: AlertSearch = { kind: '', status: 'active' };
const KINDS = Object.keys(ptBR.compliance.kinds) as Array<keyof typeof ptBR.compliance.kinds>;
const STATUSES = Object.keys(ptBR.compliance.statuses) as Array<keyof typeof ptBR.compliance.statuses>;
const RULES = ptBR.compliance.rules;
const EVIDENCE = ptBR.compliance.evidence;
const NOTE_MIN = 5;

/**
 * The compliance desk (issue 19): the queue of AML, multi-account and responsible-gaming alerts,
 * and one case at a time — what the rule saw, the players, the notes, and the decisions.
 */
export function CompliancePanel() {
  const [openId, setOpenId] = useState<number | null>(null);
  if (openId !== null) return <AlertCase id={openId} onBack={() => setOpenId(null)} />;
  return <AlertQueue onOpen={setOpenId} />;
}

function useRuleText() {
  const { t } = useTranslation();
  return (rule: string) => (rule in RULES ? t(`admin.compliance.rules.${rule as keyof typeof RULES}`) : rule);
}

function AlertQueue({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const { result, message, setMessage, page, setPage, pages, submit, field, clear } = usePagedSearch(
    EMPTY,
    PAGE_SIZE,
    adminApi.alerts,
  );
  const [scanning, setScanning] = useState(false);

  const scan = async () => {
    setScanning(true);
    try {
      const found = await adminApi.scanAlerts();
      clear();
      setMessage(t('admin.compliance.scanned', found));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    } finally {
      setScanning(false);
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-compliance-title">
      <h2 id="admin-compliance-title">{t('admin.compliance.title')}</h2>
      <p>{t('admin.compliance.intro')}</p>
      <form className="admin-filters" onSubmit={submit}>
        <ChoiceField
          wide
          label={t('admin.compliance.kind')}
          anyLabel={t('admin.compliance.anyKind')}
          choices={KINDS.map((k) => ({ value: k, label: t(`admin.compliance.kinds.${k}`) }))}
          field={field('kind')}
        />
        <ChoiceField
          wide
          label={t('admin.compliance.status')}
          anyLabel={t('admin.compliance.anyStatus')}
          choices={STATUSES.map((s) => ({ value: s, label: t(`admin.compliance.statuses.${s}`) }))}
          field={field('status')}
        />
        <button type="submit">{t('admin.compliance.search')}</button>
        <button
          type="button"
          className="admin-secondary"
          disabled={scanning}
          aria-busy={scanning}
          onClick={() => void scan()}
        >
          {t('admin.compliance.scan')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {result && result.list.length === 0 && <p>{t('admin.compliance.empty')}</p>}
      {result && result.list.length > 0 && (
        <>
          <p>{t('admin.compliance.count', { count: result.total, page, pages })}</p>
          <table className="admin-table" data-testid="admin-alerts">
            <thead>
              <tr>
                <th>{t('admin.compliance.id')}</th>
                <th>{t('admin.compliance.created')}</th>
                <th>{t('admin.compliance.rule')}</th>
                <th>{t('admin.compliance.players')}</th>
                <th>{t('admin.compliance.amount')}</th>
                <th>{t('admin.compliance.status')}</th>
                <th>{t('admin.compliance.assignee')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {result.list.map((a) => (
                <tr key={a.id}>
                  <td>{a.id}</td>
                  <td className="admin-nowrap">{spDateTime(a.createdAt)}</td>
                  <td>
                    {ruleText(a.rule)}
                    <br />
                    <small>{t(`admin.compliance.kinds.${a.kind}`)}</small>
                  </td>
                  <td>
                    {a.players.join(', ')}
                    {a.playerCount > a.players.length && ` +${a.playerCount - a.players.length}`}
                  </td>
                  <td className="admin-nowrap">{a.amount > 0 ? brl(a.amount) : '—'}</td>
                  <td>
                    {t(`admin.compliance.statuses.${a.status}`)}
                    {a.reportedAt && a.status !== 'reported' && (
                      <>
                        <br />
                        <small>{t('admin.compliance.reportedAt', { when: spDateTime(a.reportedAt) })}</small>
                      </>
                    )}
                  </td>
                  <td>{a.assignee ?? t('admin.compliance.nobody')}</td>
                  <td>
                    <button type="button" onClick={() => onOpen(a.id)}>
                      {t('admin.compliance.open')}
                    </button>
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

/** An evidence value in words: instants in São Paulo time, amounts as money. */
function evidenceText(key: string, value: string | number | null): string {
  if (value === null) return '—';
  if ((key === 'at' || key === 'raisedAt') && typeof value === 'string') return spDateTime(value);
  if (key.endsWith('Brl') && typeof value === 'number') return brl(value);
  return String(value);
}

function AlertCase({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const [alert, setAlert] = useState<AlertDetail | null>(null);
  const [assignees, setAssignees] = useState<Array<{ id: number; username: string }>>([]);
  const [assignee, setAssignee] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [profileId, setProfileId] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setAlert(await adminApi.alert(id));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [id, t]);
  useEffect(() => {
    void load();
    adminApi.alertAssignees().then(setAssignees, () => setAssignees([]));
  }, [load]);

  const act = async (action: AlertAction) => {
    setBusy(true);
    setMessage('');
    try {
      await adminApi.actOnAlert(id, action);
      if ('text' in action) setNote('');
      setMessage(t('admin.compliance.done'));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    } finally {
      setBusy(false);
      await load();
    }
  };
  const exportCase = async () => {
    try {
      downloadText(`trevo-coaf-alerta-${id}.csv`, await adminApi.coafCsv(id));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  if (!alert) {
    return (
      <section className="admin-panel">
        <button type="button" className="admin-secondary" onClick={onBack}>
          {t('admin.compliance.back')}
        </button>
        <p role="status">{message || t('common.loading')}</p>
      </section>
    );
  }
  const closed = alert.status === 'reported' || alert.status === 'dismissed';
  const noteOk = note.trim().length >= NOTE_MIN;
  const templates = t('admin.compliance.templateList', { returnObjects: true }) as string[];

  return (
    <section className="admin-panel" aria-labelledby="admin-alert-title" data-testid="admin-alert-case">
      <button type="button" className="admin-secondary" onClick={onBack}>
        {t('admin.compliance.back')}
      </button>
      <h2 id="admin-alert-title">
        {t('admin.compliance.caseTitle', { id: alert.id })} · {ruleText(alert.rule)}
      </h2>
      <p>
        {t(`admin.compliance.kinds.${alert.kind}`)} · {t(`admin.compliance.statuses.${alert.status}`)} ·{' '}
        {t('admin.compliance.assignee')}: {alert.assignee ?? t('admin.compliance.nobody')} ·{' '}
        {t('admin.compliance.created')} {spDateTime(alert.createdAt)}
        {alert.amount > 0 && ` · ${brl(alert.amount)}`}
        {alert.reportedAt && ` · ${t('admin.compliance.reportedAt', { when: spDateTime(alert.reportedAt) })}`}
      </p>

      <h3>{t('admin.compliance.evidenceTitle')}</h3>
      <dl className="admin-facts">
        {Object.entries(alert.evidence).map(([key, value]) => (
          <div key={key}>
            <dt>{key in EVIDENCE ? t(`admin.compliance.evidence.${key as keyof typeof EVIDENCE}`) : key}</dt>
            <dd>{evidenceText(key, value)}</dd>
          </div>
        ))}
      </dl>

      <h3>{t('admin.compliance.playersTitle')}</h3>
      <table className="admin-table" data-testid="admin-alert-players">
        <thead>
          <tr>
            <th>{t('admin.compliance.players')}</th>
            <th>{t('admin.compliance.name')}</th>
            <th>{t('admin.compliance.cpf')}</th>
            <th>{t('admin.compliance.phone')}</th>
            <th>{t('admin.compliance.since')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {alert.playersDetail.map((p) => (
            <tr key={p.id}>
              <td>
                {p.username} <small>#{p.id}</small>
                {p.locked && <small> · {t('admin.compliance.locked')}</small>}
              </td>
              <td>{p.name}</td>
              <td className="admin-nowrap">{p.cpf}</td>
              <td className="admin-nowrap">{p.phone}</td>
              <td className="admin-nowrap">{spDateTime(p.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="admin-secondary"
                  aria-pressed={profileId === p.id}
                  onClick={() => setProfileId(profileId === p.id ? null : p.id)}
                >
                  {t('admin.compliance.profile')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {profileId !== null && <PlayerProfileView key={profileId} playerId={profileId} />}

      <h3>{t('admin.compliance.notesTitle')}</h3>
      {alert.notes.length === 0 && <p>{t('admin.compliance.noNotes')}</p>}
      <ol className="admin-notes" data-testid="admin-alert-notes">
        {alert.notes.map((n) => (
          <li key={n.id}>
            <small>
              {spDateTime(n.at)} · {n.author ?? t('admin.compliance.system')}
            </small>
            <p>{n.text}</p>
          </li>
        ))}
      </ol>

      <div className="admin-actions">
        {!closed && (
          <button type="button" disabled={busy} onClick={() => void act({ action: 'take' })}>
            {t('admin.compliance.take')}
          </button>
        )}
        {!closed && assignees.length > 0 && (
          <>
            <label>
              {t('admin.compliance.assignTo')}
              <select value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                <option value="" />
                {assignees.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.username}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              disabled={busy || !assignee}
              onClick={() => void act({ action: 'assign', operatorId: Number(assignee) })}
            >
              {t('admin.compliance.assign')}
            </button>
          </>
        )}
        <button type="button" className="admin-secondary" onClick={() => void exportCase()}>
          {t('admin.compliance.coaf')}
        </button>
      </div>

      <label className="admin-filters__wide">
        {t('admin.compliance.templates')}
        <select value="" onChange={(e) => e.target.value && setNote(e.target.value)}>
          <option value="" />
          {templates.map((text) => (
            <option key={text} value={text}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-filters__wide">
        {t('admin.compliance.note')}
        <textarea
          value={note}
          rows={3}
          maxLength={1000}
          placeholder={t('admin.compliance.notePlaceholder')}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="admin-actions">
        <button
          type="button"
          disabled={busy || !noteOk}
          onClick={() => void act({ action: 'note', text: note })}
        >
          {t('admin.compliance.addNote')}
        </button>
        {!closed && (
          <>
            <ConfirmButton
              label={t('admin.compliance.report')}
              question={t('admin.compliance.confirmReport', { id: alert.id })}
              disabled={busy || !noteOk}
              danger
              onConfirm={() => act({ action: 'report', text: note })}
            />
            <ConfirmButton
              label={t('admin.compliance.dismiss')}
              question={t('admin.compliance.confirmDismiss', { id: alert.id })}
              disabled={busy || !noteOk}
              onConfirm={() => act({ action: 'dismiss', text: note })}
            />
          </>
        )}
        {closed && (
          <ConfirmButton
            label={t('admin.compliance.reopen')}
            question={t('admin.compliance.confirmReopen', { id: alert.id })}
            disabled={busy || !noteOk}
            onConfirm={() => act({ action: 'reopen', text: note })}
          />
        )}
      </div>
      {message && <p role="status">{message}</p>}
    </section>
  );
}
