import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerProfile } from './admin-api';
import { errorText } from './admin-login';
import { moneyApi, playerLedger, type PlayerPosting } from './admin-money-api';
import { brl } from './admin-panels';
import { useLedgerWords } from './admin-words';

const when = (iso: string) => new Date(iso).toLocaleString('pt-BR');

/**
 * The care part of a player's profile (issue 8): lock or unlock with a reason, the player's own
 * limits and any break, notes between operators, and the full money history from the ledger.
 */
export function PlayerCare({
  profile,
  onChanged,
}: {
  profile: PlayerProfile;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [history, setHistory] = useState<PlayerPosting[] | null>(null);
  const [message, setMessage] = useState('');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setMessage('');
    try {
      await action();
      await onChanged();
      setMessage(done);
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  const lock = (event: FormEvent) => {
    event.preventDefault();
    void run(() => moneyApi.lock(profile.id, reason.trim()), t('admin.care.lockedNow')).then(() =>
      setReason(''),
    );
  };
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    void run(() => moneyApi.addNote(profile.id, note.trim()), t('admin.care.noteSaved')).then(() =>
      setNote(''),
    );
  };

  return (
    <div className="admin-care" data-testid="admin-player-care">
      {message && <p role="status">{message}</p>}
      <h4>{t('admin.care.account')}</h4>
      {profile.locked ? (
        <p className="admin-flag" data-testid="admin-player-locked">
          {t('admin.care.lockedSince', { date: when(profile.locked.at), reason: profile.locked.reason })}{' '}
          <button
            type="button"
            onClick={() => void run(() => moneyApi.unlock(profile.id), t('admin.care.unlockedNow'))}
          >
            {t('admin.care.unlock')}
          </button>
        </p>
      ) : (
        <form className="admin-inline" onSubmit={lock}>
          <label>
            {t('admin.care.reason')}
            <input
              name="reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              data-testid="admin-lock-reason"
            />
          </label>
          <button type="submit" className="admin-danger" disabled={reason.trim().length < 3}>
            {t('admin.care.lock')}
          </button>
        </form>
      )}

      <h4>{t('admin.care.protection')}</h4>
      {profile.exclusion && (
        <p className="admin-flag">
          {t(`admin.care.exclusion.${profile.exclusion.kind === 'self' ? 'self' : 'cooloff'}`, {
            until: profile.exclusion.endsAt ? when(profile.exclusion.endsAt) : t('admin.care.permanent'),
          })}
        </p>
      )}
      {profile.limits.length === 0 ? (
        <p>{t('admin.care.noLimits')}</p>
      ) : (
        <ul>
          {profile.limits.map((l) => (
            <li key={`${l.kind}-${l.period}`}>
              {t(`admin.care.limit.${l.kind === 'session' ? 'session' : 'money'}`, {
                kind: words.limit(l.kind),
                period: words.period(l.period),
                amount: l.kind === 'session' ? l.amount : brl(l.amount),
                used: l.kind === 'session' ? l.used : brl(l.used),
              })}
            </li>
          ))}
        </ul>
      )}

      <h4>{t('admin.care.notes')}</h4>
      <form className="admin-inline" onSubmit={addNote}>
        <label>
          {t('admin.care.note')}
          <textarea
            name="note"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-note-text"
          />
        </label>
        <button type="submit" disabled={note.trim() === ''}>
          {t('admin.care.addNote')}
        </button>
      </form>
      <ul className="admin-notes" data-testid="admin-notes">
        {profile.notes.map((n) => (
          <li key={n.id}>
            <span className="admin-muted">
              {when(n.createdAt)} · {n.operator}
            </span>{' '}
            {n.text}
          </li>
        ))}
      </ul>

      <h4>{t('admin.care.history')}</h4>
      {history === null ? (
        <button
          type="button"
          className="admin-secondary"
          onClick={() =>
            void playerLedger(profile.id)
              .then(setHistory)
              .catch((err: unknown) => setMessage(errorText(err, t('admin.error'))))
          }
        >
          {t('admin.care.loadHistory')}
        </button>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.ledger.when')}</th>
              <th>{t('admin.ledger.kind')}</th>
              <th>{t('admin.ledger.reference')}</th>
              <th>{t('admin.ledger.account')}</th>
              <th>{t('admin.ledger.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={`${h.transactionId}-${i}`}>
                <td>{when(h.createdAt)}</td>
                <td>{words.txKind(h.kind)}</td>
                <td>{h.reference}</td>
                <td>{words.account(h.account)}</td>
                <td className={h.amount < 0 ? 'admin-negative' : undefined}>{brl(h.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
