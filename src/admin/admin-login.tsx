import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { AdminApiError, adminApi, setOperatorToken } from './admin-api';

/** The message of a failed call, in the server's words when it sent some. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof AdminApiError && err.message ? err.message : fallback;
}

/**
 * Operator sign-in: username, password and the authenticator's code. An operator without an
 * authenticator enrols here first: the QR code (otpauth://) is shown once, and the first code
 * typed from it confirms the enrolment as it signs in.
 */
export function AdminLogin({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [pwd, setPwd] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState('');
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const res = await adminApi.login({ username, pwd, ...(totp ? { totp } : {}) });
      setOperatorToken(res.access_token);
      onSignedIn();
    } catch (err) {
      setError(errorText(err, t('admin.error')));
    } finally {
      setBusy(false);
    }
  };

  const enrol = async () => {
    setBusy(true);
    setError('');
    try {
      const res = await adminApi.enrol({ username, pwd });
      setEnrolment({
        secret: res.secret,
        qr: await QRCode.toDataURL(res.otpauthUri, { margin: 1, width: 220 }),
      });
    } catch (err) {
      setError(errorText(err, t('admin.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-login" onSubmit={(e) => void submit(e)} aria-label={t('admin.login.title')}>
      <h1>{t('admin.login.title')}</h1>
      <label>
        {t('admin.login.username')}
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label>
        {t('admin.login.password')}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={pwd}
          onChange={(e) => setPwd(e.target.value)}
        />
      </label>
      <label>
        {t('admin.login.code')}
        <input
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={totp}
          onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      {enrolment && (
        <div className="admin-enrol" data-testid="admin-enrol">
          <p>{t('admin.login.enrolHelp')}</p>
          <img src={enrolment.qr} alt={t('admin.login.qrAlt')} width={220} height={220} />
          <p>
            {t('admin.login.secret')} <code data-testid="admin-totp-secret">{enrolment.secret}</code>
          </p>
        </div>
      )}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" disabled={busy || !username || !pwd}>
          {t('admin.login.submit')}
        </button>
        <button
          type="button"
          className="admin-secondary"
          disabled={busy || !username || !pwd}
          onClick={() => void enrol()}
        >
          {t('admin.login.enrol')}
        </button>
      </div>
    </form>
  );
}
