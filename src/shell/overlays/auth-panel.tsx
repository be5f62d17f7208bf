import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  isAdult,
  isValidCpf,
  normaliseCpf,
  passwordProblem,
  saoPauloDate,
  suggestEmails,
} from '../../../domain/identity';
import { emailSchema } from '../../../domain/schemas/auth.schema';
import { translate } from '../../../domain/messages';
import { parseAmount } from '../../../domain/money';
import { useSiteInfo } from '../footer/use-site-info';
import { currentLanguage } from '../../lib/i18n';
import { maskCpf, maskPhone } from '../../lib/format';
import { login, register } from '../../services/auth-api';
import { readItem } from '../../lib/storage';
import { showToast } from '../app/dialogs';
import { closeOverlay, openOverlay } from '../app/overlay-store';
import { sessionStore, signIn } from '../app/session';
import { loginPrefillStore, requestTestAccount } from '../app/test-account';
import { openOffer } from '../wallet/offers';
import { CaptchaField, useCaptcha } from '../components/captcha';
import { PasswordField, TextField } from '../components/fields';
import { Modal } from '../components/modal';

/**
 * The login / register panel (spec 2, 5, 8): one panel, two tabs. On success the token is stored,
 * the user info fetched and the panel closed. Server errors are alerted by the API client.
 */
export function AuthPanel({ tab }: { tab: 'login' | 'register' }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('auth.dialog')} onClose={closeOverlay} testId="auth-panel" variant="sheet" hideTitle>
      <div className="auth-hero">
        <img src="/logo.svg" alt="" width={48} height={48} />
        <p className="auth-hero__title">{t('auth.welcome')}</p>
        <p className="auth-hero__lead">{tab === 'login' ? t('auth.loginLead') : t('auth.registerLead')}</p>
      </div>
      <div className="tabs" role="tablist" aria-label={t('auth.dialog')}>
        <button
          type="button"
          role="tab"
          id="auth-tab-login"
          aria-selected={tab === 'login'}
          aria-controls="auth-tabpanel"
          className="tabs__tab"
          data-testid="auth-tab-login"
          onClick={() => openOverlay('login')}
        >
          {t('auth.loginTab')}
        </button>
        <button
          type="button"
          role="tab"
          id="auth-tab-register"
          aria-selected={tab === 'register'}
          aria-controls="auth-tabpanel"
          className="tabs__tab"
          data-testid="auth-tab-register"
          onClick={() => openOverlay('register')}
        >
          {t('auth.registerTab')}
        </button>
      </div>
      <div id="auth-tabpanel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm /> : <RegisterForm />}
      </div>
    </Modal>
  );
}

/** Spec 5: the submit button stays disabled until username, password and captcha are filled. */
export function LoginForm() {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  // A demo account's credentials fill the form once (the captcha stays the player's to answer).
  const [username, setUsername] = useState(() => loginPrefillStore.get()?.username ?? '');
  const [pwd, setPwd] = useState(() => loginPrefillStore.get()?.pwd ?? '');
  const [captCode, setCaptCode] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = username !== '' && pwd !== '' && captCode !== '';
  useEffect(() => loginPrefillStore.set(null), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    try {
      const token = await login({ username, pwd, codeId: String(captcha.codeId), captCode });
      await signIn(token);
      closeOverlay();
    } catch {
      // Spec 8: a failed login refreshes the captcha; the answer just used is spent anyway.
      captcha.refresh();
      setCaptCode('');
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="login-form">
      <TextField
        label={t('auth.username')}
        placeholder={t('auth.usernamePlaceholder')}
        value={username}
        onValue={(v) => setUsername(v.toLowerCase())}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        testId="login-username"
      />
      <PasswordField
        label={t('auth.password')}
        placeholder={t('auth.passwordPlaceholder')}
        value={pwd}
        onValue={setPwd}
        autoComplete="current-password"
        maxLength={64}
        testId="login-password"
      />
      <CaptchaField
        src={captcha.src}
        value={captCode}
        onValue={setCaptCode}
        onRefresh={captcha.refresh}
        testId="login-captcha"
      />
      <button
        type="submit"
        className="button button--gold button--block"
        disabled={!complete || busy}
        data-testid="login-submit"
      >
        {t('auth.submitLogin')}
      </button>
      <button
        type="button"
        className="link-button"
        onClick={() => openOverlay('passwordReset')}
        data-testid="login-forgot"
      >
        {t('auth.forgotPassword')}
      </button>
      <button
        type="button"
        className="link-button link-button--muted"
        onClick={() => void requestTestAccount()}
        data-testid="login-demo"
      >
        {t('testAccount.try')}
      </button>
    </form>
  );
}

/** The e-mail field with the common-domain completions of spec 5. */
function EmailField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const suggestions = suggestEmails(value).slice(0, 4);
  return (
    <div className="email-field">
      <TextField
        label={t('auth.email')}
        placeholder={t('auth.usernamePlaceholder')}
        value={value}
        onValue={(v) => onValue(v.trim().toLowerCase())}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        error={error}
        testId="register-email"
      />
      {suggestions.length > 0 && (
        <ul
          className="chips"
          aria-label={t('auth.emailSuggestions')}
          data-testid="register-email-suggestions"
        >
          {suggestions.map((s) => (
            <li key={s}>
              <button type="button" className="chip" onClick={() => onValue(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The sign-up fields a player must get right, in the form's order. */
const REGISTER_FIELDS = [
  'cpf',
  'email',
  'birthDate',
  'lossLimit',
  'sessionLimit',
  'pwd',
  'pwd1',
  'captcha',
] as const;
type RegisterField = (typeof REGISTER_FIELDS)[number];

/** The input of each field, to focus the first one that is wrong. */
const FIELD_TEST_IDS: Record<RegisterField, string> = {
  cpf: 'register-cpf',
  email: 'register-email',
  birthDate: 'register-birthdate',
  lossLimit: 'register-loss-limit',
  sessionLimit: 'register-session-limit',
  pwd: 'register-password',
  pwd1: 'register-password-confirm',
  captcha: 'register-captcha-input',
};

/**
 * Registration (spec 3, 5, 8). Every field that is missing or wrong says so beside it (the identity
 * rules the server also enforces, and spec 5's 'Por favor verifique' at the captcha), so a typo
 * costs no captcha; spec 5's terms toast comes once the fields are right.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const captcha = useCaptcha();
  const [name, setName] = useState('');
  const [cpf, setCpf] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [pwd, setPwd] = useState('');
  const [pwd1, setPwd1] = useState('');
  const [regcode, setRegcode] = useState(() => readItem('yqm') ?? '');
  const [captCode, setCaptCode] = useState('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Under the br-regulated profile daily loss and session limits are part of signing up.
  const site = useSiteInfo();
  const limitsRequired = site?.signupLimits.required ?? false;
  const [lossLimit, setLossLimit] = useState('');
  const [sessionLimit, setSessionLimit] = useState('');
  useEffect(() => {
    if (!site?.signupLimits.required) return;
    setLossLimit((v) => v || String(site.signupLimits.loss).replace('.', ','));
    setSessionLimit((v) => v || String(site.signupLimits.session));
  }, [site]);
  const lossParsed = parseAmount(lossLimit.replace(/\./g, '').replace(',', '.'));
  const sessionMinutes = Number(sessionLimit);
  const sessionValid = Number.isInteger(sessionMinutes) && sessionMinutes >= 1 && sessionMinutes <= 1440;

  // Until the first "Criar conta" a field speaks only of what was typed wrong (a CPF of 11 wrong
  // digits, passwords that differ, an under-age date); after it, of what is missing too.
  const [checked, setChecked] = useState(false);
  const errors = fieldErrors();
  const errorOf = (field: RegisterField) => (checked || typedWrong(field) ? errors[field] : null);

  /** What is wrong with each field, in the form's order (null when it is fine). */
  function fieldErrors(): Record<RegisterField, string | null> {
    const weak = passwordProblem(pwd);
    return {
      cpf: !cpf ? t('auth.errors.cpfRequired') : !isValidCpf(cpf) ? translate('cpfInvalid', lang) : null,
      email: !email
        ? t('auth.errors.emailRequired')
        : !emailSchema.safeParse(email).success
          ? translate('emailInvalid', lang)
          : null,
      birthDate: !birthDate
        ? translate('birthDateRequired', lang)
        : !isAdult(birthDate)
          ? translate('underage', lang)
          : null,
      lossLimit:
        limitsRequired && !(lossParsed.ok && lossParsed.cents > 0)
          ? translate('limitAmountInvalid', lang)
          : null,
      sessionLimit: limitsRequired && !sessionValid ? translate('limitSessionInvalid', lang) : null,
      pwd: !pwd
        ? t('auth.errors.passwordRequired')
        : weak === 'length'
          ? translate('passwordLength', lang)
          : weak === 'common'
            ? translate('passwordCommon', lang)
            : null,
      pwd1: !pwd1
        ? t('auth.errors.confirmRequired')
        : pwd !== pwd1
          ? translate('passwordMismatch', lang)
          : null,
      captcha: captCode ? null : t('auth.verify'),
    };
  }

  /** Whether what a field holds is already wrong while it is typed, before any submit. */
  function typedWrong(field: RegisterField): boolean {
    switch (field) {
      case 'cpf':
        return normaliseCpf(cpf).length === 11;
      case 'birthDate':
        return birthDate !== '';
      case 'lossLimit':
        return lossLimit !== '';
      case 'sessionLimit':
        return sessionLimit !== '';
      case 'pwd1':
        return pwd1 !== '' && pwd !== pwd1;
      default:
        return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    // Every field says what is wrong beside it, and the first one takes the focus; the terms
    // (spec 5's toast) are asked for once the fields are right.
    const first = REGISTER_FIELDS.find((field) => errors[field] !== null);
    if (first) {
      const input = formRef.current?.querySelector<HTMLElement>(`[data-testid="${FIELD_TEST_IDS[first]}"]`);
      input?.focus({ preventScroll: true });
      // Its label and its error in view too, not the bare input pressed to the sheet's top edge.
      input?.closest('.field')?.scrollIntoView?.({ block: 'center' });
      return;
    }
    if (!terms) {
      showToast(t('auth.acceptTerms'));
      return;
    }
    setBusy(true);
    try {
      const token = await register({
        ...(name.trim() ? { name: name.trim() } : {}),
        cardNo: normaliseCpf(cpf),
        username: email,
        country: '+55',
        ...(phone ? { phone: phone.replace(/\D/g, '') } : {}),
        birthDate,
        pwd,
        pwd1,
        ...(regcode.trim() ? { regcode: regcode.trim() } : {}),
        ...(limitsRequired && lossParsed.ok
          ? { limits: { loss: lossParsed.cents / 100, session: sessionMinutes } }
          : {}),
        codeId: String(captcha.codeId),
        captCode,
      });
      await signIn(token);
      // Spec 4: after registration the first-deposit offer panel opens.
      if (openOffer(sessionStore.get().userInfo)) openOverlay('secondDeposit');
      else closeOverlay();
    } catch {
      // Spec 8: refresh the captcha, then draw a new captcha id.
      captcha.refresh();
      captcha.regenerate();
      setCaptCode('');
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="register-form" ref={formRef}>
      <TextField
        label={t('auth.name')}
        placeholder={t('auth.namePlaceholder')}
        value={name}
        onValue={setName}
        autoComplete="name"
        maxLength={80}
        testId="register-name"
      />
      <TextField
        label={t('auth.cpf')}
        placeholder="000.000.000-00"
        value={cpf}
        onValue={(v) => setCpf(maskCpf(v))}
        inputMode="numeric"
        autoComplete="off"
        error={errorOf('cpf')}
        testId="register-cpf"
      />
      <EmailField value={email} onValue={setEmail} error={errorOf('email')} />
      <TextField
        label={t('auth.phone')}
        placeholder={t('auth.phonePlaceholder')}
        value={phone}
        onValue={(v) => setPhone(maskPhone(v))}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        prefix={
          <span className="field__prefix" aria-label={t('auth.phonePrefix')}>
            +55
          </span>
        }
        testId="register-phone"
      />
      <TextField
        label={t('auth.birthDate')}
        value={birthDate}
        onValue={setBirthDate}
        type="date"
        min="1900-01-01"
        max={saoPauloDate()}
        autoComplete="bday"
        hint={t('auth.birthDateHint')}
        error={errorOf('birthDate')}
        testId="register-birthdate"
      />
      {limitsRequired && (
        <fieldset className="form__group" data-testid="register-limits">
          <legend className="field__label">{t('auth.limitsTitle')}</legend>
          <p className="muted">{t('auth.limitsLead')}</p>
          <TextField
            label={t('auth.lossLimit')}
            value={lossLimit}
            onValue={setLossLimit}
            inputMode="decimal"
            error={errorOf('lossLimit')}
            testId="register-loss-limit"
          />
          <TextField
            label={t('auth.sessionLimit')}
            value={sessionLimit}
            onValue={setSessionLimit}
            inputMode="numeric"
            error={errorOf('sessionLimit')}
            testId="register-session-limit"
          />
        </fieldset>
      )}
      <PasswordField
        label={t('auth.password')}
        value={pwd}
        onValue={setPwd}
        autoComplete="new-password"
        maxLength={64}
        hint={t('auth.newPasswordHint')}
        error={errorOf('pwd')}
        testId="register-password"
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        value={pwd1}
        onValue={setPwd1}
        autoComplete="new-password"
        maxLength={64}
        error={errorOf('pwd1')}
        testId="register-password-confirm"
      />
      <TextField
        label={t('auth.inviteCode')}
        value={regcode}
        onValue={(v) => setRegcode(v.replace(/[^A-Za-z0-9]/g, ''))}
        autoComplete="off"
        autoCapitalize="off"
        maxLength={16}
        testId="register-invite"
      />
      <CaptchaField
        src={captcha.src}
        value={captCode}
        onValue={setCaptCode}
        onRefresh={captcha.refresh}
        error={errorOf('captcha')}
        testId="register-captcha"
      />
      <label className="check">
        <input
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          data-testid="register-terms"
        />
        <span>
          {t('auth.termsBefore')}{' '}
          <Link to="/text_tc" onClick={closeOverlay}>
            {t('auth.termsLink')}
          </Link>
        </span>
      </label>
      <button
        type="submit"
        className="button button--gold button--block"
        disabled={busy}
        data-testid="register-submit"
      >
        {t('auth.submitRegister')}
      </button>
    </form>
  );
}
