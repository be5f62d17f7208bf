import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  COMPLAINT_SUBJECT_MAX,
  COMPLAINT_SUBJECT_MIN,
  COMPLAINT_TEXT_MAX,
  COMPLAINT_TEXT_MIN,
  isContact,
  PROTOCOL_PATTERN,
  type ComplaintStatus,
} from '../../../domain/schemas/support.schema';
import { bcp47, currentLanguage } from '../../lib/i18n';
import { formatDateTime } from '../../lib/format';
import { ApiError } from '../../services/api-client';
import { showToast } from '../app/dialogs';
import { useToken, useUserInfo } from '../app/session';
import { CaptchaField, useCaptcha } from '../components/captcha';
import { TextField } from '../components/fields';
import { PageHeading } from '../pages/page-heading';
import { fetchComplaintStatus, fileComplaint } from './support-api';
import './support.css';

type Field = 'subject' | 'text' | 'contact' | 'captcha';
type Errors = Partial<Record<Field, string>>;

/** A labelled multi-line field styled like the text fields. */
function TextArea({
  label,
  value,
  onValue,
  error,
  hint,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  maxLength: number;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`field__control complaint__area${error ? ' field__control--invalid' : ''}`}>
        <textarea
          id={id}
          className="field__input complaint__textarea"
          rows={6}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          data-testid={testId}
        />
      </div>
      {error ? (
        <p id={`${id}-note`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Copies `text`; a refused clipboard leaves the protocol on screen to copy by hand. */
async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(done);
  } catch {
    // Clipboard refused (permissions, insecure page): the protocol stays selectable on screen.
  }
}

/** The protocol, big, with its copy button. */
function Filed({ protocol, onAnother }: { protocol: string; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="panel complaint__done" aria-live="polite" data-testid="complaint-done">
      <p className="complaint__done-title">{t('support.complaint.doneTitle')}</p>
      <p className="complaint__protocol-label">{t('support.complaint.protocol')}</p>
      <div className="complaint__protocol-row">
        <output className="complaint__protocol" data-testid="complaint-protocol">
          {protocol}
        </output>
        <button
          type="button"
          className="button button--gold button--small"
          onClick={() => void copy(protocol, t('testAccount.copied'))}
          data-testid="complaint-copy"
        >
          {t('support.complaint.copy')}
        </button>
      </div>
      <p className="form__lead">{t('support.complaint.doneText')}</p>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        {t('support.complaint.another')}
      </button>
    </section>
  );
}

/** Looks up a complaint's status by its protocol and the contact given with it. */
function StatusLookup({
  defaultProtocol,
  defaultContact,
}: {
  defaultProtocol: string;
  defaultContact: string;
}) {
  const { t } = useTranslation();
  const [protocol, setProtocol] = useState(defaultProtocol);
  const [contact, setContact] = useState(defaultContact);
  const [status, setStatus] = useState<ComplaintStatus | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const locale = bcp47(currentLanguage());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const wanted = protocol.trim().toUpperCase();
    if (!PROTOCOL_PATTERN.test(wanted)) {
      setError(t('support.complaint.errors.protocol'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      setStatus(await fetchComplaintStatus(wanted, contact.trim()));
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('support.complaint.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel complaint__lookup" aria-labelledby="complaint-lookup-title">
      <h2 id="complaint-lookup-title" className="section-title">
        {t('support.complaint.lookupTitle')}
      </h2>
      <form className="form complaint__lookup-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('support.complaint.protocol')}
          placeholder="TRV-2026-000123"
          value={protocol}
          onValue={setProtocol}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          testId="complaint-lookup-protocol"
        />
        <TextField
          label={t('support.complaint.contact')}
          value={contact}
          onValue={setContact}
          maxLength={120}
          testId="complaint-lookup-contact"
        />
        <button type="submit" className="button button--ghost" disabled={busy} data-testid="complaint-lookup">
          {t('support.complaint.lookup')}
        </button>
      </form>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <div className="complaint__status" data-testid="complaint-status">
          <p>
            <strong>{status.subject}</strong> ·{' '}
            <span className={`complaint__pill complaint__pill--${status.status}`}>
              {t(`support.complaint.status.${status.status}`)}
            </span>
          </p>
          <p className="form__lead">
            {t('support.complaint.filedAt', { date: formatDateTime(status.createdAt, locale) })}
          </p>
          {status.answer && (
            <blockquote className="complaint__answer">
              <p>{status.answer}</p>
              {status.answeredAt && (
                <footer>
                  {t('support.complaint.answeredAt', { date: formatDateTime(status.answeredAt, locale) })}
                </footer>
              )}
            </blockquote>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * `/complaint_form`: anyone may complain, a player or a visitor (who cannot log in, for one). The
 * answer is a protocol to quote and to follow the complaint with. A visitor solves the captcha
 * as at registration; limits match the server's, which decides in the end.
 */
export function ComplaintPage() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useUserInfo();
  const captcha = useCaptcha();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [contact, setContact] = useState(user?.email ?? '');
  const [captCode, setCaptCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [protocol, setProtocol] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const email = user?.email ?? '';
  // The user info may arrive after the page: the e-mail fills the contact if it is still empty.
  useEffect(() => {
    if (email) setContact((typed) => typed || email);
  }, [email]);

  const validate = (): Errors => {
    const found: Errors = {};
    const s = subject.trim();
    if (s.length < COMPLAINT_SUBJECT_MIN) found.subject = t('support.complaint.errors.subject');
    else if (s.length > COMPLAINT_SUBJECT_MAX) found.subject = t('support.complaint.errors.subjectLong');
    if (text.trim().length < COMPLAINT_TEXT_MIN) found.text = t('support.complaint.errors.text');
    if (!isContact(contact.trim())) found.contact = t('support.complaint.errors.contact');
    if (!token && !captCode) found.captcha = t('support.complaint.errors.captcha');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) {
      // The first field to fix gets the focus (and the screen scrolls to it).
      requestAnimationFrame(() =>
        form.current
          ?.querySelector<HTMLElement>('[aria-invalid="true"], [data-testid$="captcha-input"]')
          ?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      const filed = await fileComplaint({
        subject: subject.trim(),
        text: text.trim(),
        contact: contact.trim(),
        ...(token ? {} : { codeId: captcha.codeId, captCode }),
      });
      setProtocol(filed);
    } catch (err) {
      setServerError(err instanceof ApiError && err.message ? err.message : t('support.complaint.failed'));
      if (!token) {
        // Each captcha answers once: a new image for the next try.
        captcha.refresh();
        setCaptCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  const another = () => {
    setProtocol(null);
    setSubject('');
    setText('');
    setCaptCode('');
    captcha.regenerate();
  };

  return (
    <div className="complaint" data-testid="page-complaint-form">
      <PageHeading title={t('pages.complaint_form.title')} lead={t('pages.complaint_form.lead')} />
      {protocol ? (
        <Filed protocol={protocol} onAnother={another} />
      ) : (
        <form
          ref={form}
          className="panel form complaint__form"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <TextField
            label={t('support.complaint.subject')}
            placeholder={t('support.complaint.subjectPlaceholder')}
            value={subject}
            onValue={setSubject}
            error={errors.subject}
            maxLength={COMPLAINT_SUBJECT_MAX}
            testId="complaint-subject"
          />
          <TextArea
            label={t('support.complaint.text')}
            value={text}
            onValue={setText}
            error={errors.text}
            hint={t('support.complaint.textHint', { length: text.trim().length, max: COMPLAINT_TEXT_MAX })}
            maxLength={COMPLAINT_TEXT_MAX}
            testId="complaint-text"
          />
          <TextField
            label={t('support.complaint.contact')}
            hint={t('support.complaint.contactHint')}
            value={contact}
            onValue={setContact}
            error={errors.contact}
            autoComplete="email"
            maxLength={120}
            testId="complaint-contact"
          />
          {!token && (
            <>
              <CaptchaField
                src={captcha.src}
                value={captCode}
                onValue={setCaptCode}
                onRefresh={captcha.refresh}
                testId="complaint-captcha"
              />
              {errors.captcha && (
                <p className="field__error" role="alert">
                  {errors.captcha}
                </p>
              )}
            </>
          )}
          {serverError && (
            <p className="complaint__server-error" role="alert" data-testid="complaint-error">
              {serverError}
            </p>
          )}
          <button
            type="submit"
            className="button button--gold"
            disabled={busy}
            data-testid="complaint-submit"
          >
            {busy ? t('support.complaint.sending') : t('support.complaint.submit')}
          </button>
          <p className="form__lead">
            {t('support.complaint.before')}{' '}
            <Link to="/complaint_text" className="link-button">
              {t('support.complaint.howItWorks')}
            </Link>
          </p>
        </form>
      )}
      {/* After filing, the look-up is filled in with what was just sent. */}
      <StatusLookup
        key={protocol ?? ''}
        defaultProtocol={protocol ?? ''}
        defaultContact={protocol ? contact.trim() : (user?.email ?? '')}
      />
    </div>
  );
}
