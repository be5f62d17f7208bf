import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole } from '../../domain/schemas/operator.schema';
import { adminApi, type OperatorRow } from './admin-api';
import { errorText } from './admin-login';
import { spDateTime } from './admin-panels';
import { ConfirmButton, ConfirmQuestion } from './admin-confirm';

/** Operators (admin only): create accounts, change roles, reset a lost authenticator. */
export function OperatorsPanel() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<OperatorRow[]>([]);
  const [username, setUsername] = useState('');
  const [pwd, setPwd] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      setRows(await adminApi.operators());
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  /** Runs an operator change, then shows `done` and reloads the list. */
  const act = async (change: () => Promise<unknown>, done: string) => {
    setMessage('');
    try {
      await change();
      setMessage(done);
      await load();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await adminApi.createOperator({ username, pwd, role });
      setUsername('');
      setPwd('');
    }, t('admin.operators.created'));
  };

  return (
    <section className="admin-panel" aria-labelledby="admin-operators-title">
      <h2 id="admin-operators-title">{t('admin.operators.title')}</h2>
      <form className="admin-inline" onSubmit={create} aria-label={t('admin.operators.create')}>
        <label>
          {t('admin.login.username')}
          <input value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label>
          {t('admin.operators.password')}
          <input
            type="password"
            autoComplete="new-password"
            value={pwd}
            onChange={(e) => setPwd(e.target.value)}
          />
        </label>
        <label>
          {t('admin.operators.role')}
          <select value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!username || !pwd}>
          {t('admin.operators.create')}
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      <table className="admin-table">
        <tbody>
          {rows.map((o) => (
            <tr key={o.id}>
              <td>{o.username}</td>
              <td>
                <RoleCell
                  username={o.username}
                  role={o.role as OperatorRole}
                  onChange={(next) =>
                    act(() => adminApi.setRole(o.id, next), t('admin.operators.roleChanged'))
                  }
                />
              </td>
              <td>{t(o.totpEnrolled ? 'admin.operators.totpOn' : 'admin.operators.totpOff')}</td>
              <td>
                <ConfirmButton
                  label={t('admin.operators.resetTotp')}
                  question={t('admin.operators.confirmResetTotp', { name: o.username })}
                  danger
                  disabled={!o.totpEnrolled}
                  onConfirm={() => act(() => adminApi.resetTotp(o.id), t('admin.operators.totpReset'))}
                />
              </td>
              <td data-testid={`operator-access-${o.id}`}>
                {o.disabled ? (
                  <>
                    <p>
                      {t('admin.operators.disabledSince', {
                        when: spDateTime(o.disabled.at),
                        reason: o.disabled.reason,
                      })}
                    </p>
                    <ConfirmButton
                      label={t('admin.operators.enable')}
                      question={t('admin.operators.confirmEnable', { name: o.username })}
                      onConfirm={() => act(() => adminApi.enableOperator(o.id), t('admin.operators.enabled'))}
                    />
                  </>
                ) : (
                  <ConfirmButton
                    label={t('admin.operators.disable')}
                    question={t('admin.operators.confirmDisable', { name: o.username })}
                    reason="required"
                    danger
                    onConfirm={(reason) =>
                      act(() => adminApi.disableOperator(o.id, reason), t('admin.operators.disabled'))
                    }
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An operator's role: choosing another one asks before it changes what they may do. */
function RoleCell({
  username,
  role,
  onChange,
}: {
  username: string;
  role: OperatorRole;
  onChange: (role: OperatorRole) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<OperatorRole | null>(null);
  return (
    <>
      <select
        aria-label={t('admin.operators.roleOf', { username })}
        value={pending ?? role}
        onChange={(e) => {
          const next = e.target.value as OperatorRole;
          setPending(next === role ? null : next);
        }}
      >
        {OPERATOR_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`admin.roles.${r}`)}
          </option>
        ))}
      </select>
      {pending && (
        <ConfirmQuestion
          question={t('admin.operators.confirmRole', {
            name: username,
            from: t(`admin.roles.${role}`),
            to: t(`admin.roles.${pending}`),
          })}
          danger
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            await onChange(pending);
            setPending(null);
          }}
        />
      )}
    </>
  );
}
