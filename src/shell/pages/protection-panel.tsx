import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_CHOICES,
  type LimitKind,
  type LimitPeriod,
  type ProtectionView,
} from '../../../domain/schemas/protection.schema';
import { parseAmount } from '../../../domain/money';
import { formatMoney } from '../../lib/format';
import { bcp47, currentLanguage } from '../../lib/i18n';
import { excludeSelf, fetchProtection, saveLimit, saveRealityCheck } from '../../services/protection-api';
import { REALITY_CHECK_CHANGED } from '../protection/reality-check';
import { showAlert, showToast } from '../app/dialogs';
import { navigateTo } from '../app/navigation';
import { endSession } from '../app/session';
import { PasswordField, SelectField, TextField } from '../components/fields';

/**
 * "Jogo responsável" in /conta (issue 9, research/brazil.md §5.3): the player's limits with how much
 * of each window is used (a bar, not a sentence), the form to set them, and the cool-off and
 * self-exclusion that end the session at once. The server enforces everything; this only asks.
 */

type ExclusionChoice = { kind: 'cooloff'; hours: number } | { kind: 'self'; months: number | null };

/** The lengths offered, with their label keys (cool-off 24 h–6 weeks, self-exclusion 6 months–permanent). */
type LengthKey =
  'hours24' | 'days7' | 'days30' | 'weeks6' | 'months6' | 'year1' | 'years2' | 'years5' | 'permanent';
const CHOICES: { key: LengthKey; choice: ExclusionChoice }[] = [
  { key: 'hours24', choice: { kind: 'cooloff', hours: 24 } },
  { key: 'days7', choice: { kind: 'cooloff', hours: 7 * 24 } },
  { key: 'days30', choice: { kind: 'cooloff', hours: 30 * 24 } },
  { key: 'weeks6', choice: { kind: 'cooloff', hours: 6 * 7 * 24 } },
  { key: 'months6', choice: { kind: 'self', months: 6 } },
  { key: 'year1', choice: { kind: 'self', months: 12 } },
  { key: 'years2', choice: { kind: 'self', months: 24 } },
  { key: 'years5', choice: { kind: 'self', months: 60 } },
  { key: 'permanent', choice: { kind: 'self', months: null } },
];

function LimitList({ view }: { view: ProtectionView }) {
  const { t } = useTranslation();
  const when = new Intl.DateTimeFormat(bcp47(currentLanguage()), { dateStyle: 'short', timeStyle: 'short' });
  const show = (kind: LimitKind, value: number) =>
    kind === 'session' ? t('protection.minutes', { count: value }) : formatMoney(value);
  if (view.limits.length === 0) return <p className="muted">{t('protection.none')}</p>;
  return (
    <ul className="limit-list" data-testid="protection-limits">
      {view.limits.map((limit) => {
        const share = limit.amount > 0 ? Math.min(1, limit.used / limit.amount) : 1;
        return (
          <li key={`${limit.kind}-${limit.period}`} data-testid={`limit-${limit.kind}-${limit.period}`}>
            <div className="limit-list__head">
              <strong>
                {t(`protection.kind.${limit.kind}`)} · {t(`protection.period.${limit.period}`)}
              </strong>
              <span>{show(limit.kind, limit.amount)}</span>
            </div>
            <div
              className={`limit-bar${share >= 1 ? ' limit-bar--full' : ''}`}
              role="meter"
              aria-valuemin={0}
              aria-valuemax={limit.amount}
              aria-valuenow={limit.used}
              aria-label={t('protection.used', {
                used: show(limit.kind, limit.used),
                amount: show(limit.kind, limit.amount),
              })}
            >
              <span style={{ width: `${share * 100}%` }} />
            </div>
            <p className="muted">
              {t('protection.used', {
                used: show(limit.kind, limit.used),
                amount: show(limit.kind, limit.amount),
              })}
            </p>
            {limit.pending && (
              <p className="muted" data-testid="limit-pending">
                {limit.pending.amount === null
                  ? t('protection.pendingRemoval', { from: when.format(new Date(limit.pending.from)) })
                  : t('protection.pending', {
                      amount: show(limit.kind, limit.pending.amount),
                      from: when.format(new Date(limit.pending.from)),
                    })}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LimitForm({ onView }: { onView: (view: ProtectionView) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(amount: number | null) {
    setBusy(true);
    try {
      const { view, message } = await saveLimit(kind, period, amount);
      onView(view);
      showToast(message);
      setText('');
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === 'session') {
      const minutes = Number(text);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) {
        showToast(t('protection.invalidMinutes'));
        return;
      }
      void send(minutes);
      return;
    }
    const read = parseAmount(text.trim().replace(/\./g, '').replace(',', '.'));
    if (!read.ok) {
      showToast(t('protection.invalidMoney'));
      return;
    }
    void send(read.cents / 100);
  }

  return (
    <form className="form limit-form" onSubmit={submit} noValidate data-testid="protection-form">
      <div className="limit-form__row">
        <SelectField
          label={t('protection.kindLabel')}
          value={kind}
          onValue={(v) => setKind(v as LimitKind)}
          testId="limit-kind"
          options={LIMIT_KINDS.map((k) => ({ value: k, label: t(`protection.kind.${k}`) }))}
        />
        <SelectField
          label={t('protection.periodLabel')}
          value={period}
          onValue={(v) => setPeriod(v as LimitPeriod)}
          testId="limit-period"
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: t(`protection.period.${p}`) }))}
        />
        <TextField
          label={kind === 'session' ? t('protection.amountMinutes') : t('protection.amountMoney')}
          value={text}
          onValue={setText}
          inputMode={kind === 'session' ? 'numeric' : 'decimal'}
          testId="limit-amount"
        />
      </div>
      <div className="limit-form__actions">
        <button type="submit" className="button button--gold" disabled={busy} data-testid="limit-save">
          {t('protection.save')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void send(null)}
          data-testid="limit-remove"
        >
          {t('protection.remove')}
        </button>
      </div>
    </form>
  );
}

function ExclusionForm() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [pwd, setPwd] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const picked = CHOICES[index]!;

  async function confirm() {
    setBusy(true);
    try {
      const message = await excludeSelf(picked.choice, pwd);
      // The server has ended every session; this device forgets it too.
      endSession();
      navigateTo('/home');
      await showAlert(message);
    } catch {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="form" data-testid="exclusion-form">
      <SelectField
        label={t('protection.length')}
        value={String(index)}
        onValue={(v) => {
          setIndex(Number(v));
          setConfirming(false);
        }}
        testId="exclusion-length"
        options={CHOICES.map((c, i) => ({
          value: String(i),
          label: `${t(`protection.${c.choice.kind}`)} · ${t(`protection.${c.key}`)}`,
        }))}
      />
      <PasswordField
        label={t('protection.password')}
        value={pwd}
        onValue={setPwd}
        autoComplete="current-password"
        maxLength={128}
        testId="exclusion-password"
      />
      {confirming ? (
        <div className="limit-form__confirm" role="alert">
          <p>{t('protection.confirmQuestion', { length: t(`protection.${picked.key}`).toLowerCase() })}</p>
          <button
            type="button"
            className="button button--gold"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid="exclusion-confirm"
          >
            {t('protection.confirm')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          disabled={!pwd}
          onClick={() => setConfirming(true)}
          data-testid="exclusion-start"
        >
          {t(`protection.${picked.choice.kind}`)}
        </button>
      )}
    </div>
  );
}

/** The reality-check interval: a reminder of time and net result every N minutes, or none. */
function RealityCheckForm({
  view,
  onView,
}: {
  view: ProtectionView;
  onView: (view: ProtectionView) => void;
}) {
  const { t } = useTranslation();
  const save = async (value: string) => {
    try {
      onView(await saveRealityCheck(value === 'off' ? null : Number(value)));
      window.dispatchEvent(new Event(REALITY_CHECK_CHANGED));
      showToast(t('protection.reality.saved'));
    } catch {
      // The API client shows the server's reason.
    }
  };
  return (
    <SelectField
      label={t('protection.reality.label')}
      value={view.realityCheckMinutes === null ? 'off' : String(view.realityCheckMinutes)}
      onValue={(value) => void save(value)}
      testId="reality-check-interval"
      options={[
        { value: 'off', label: t('protection.reality.off') },
        ...REALITY_CHECK_CHOICES.map((m) => ({
          value: String(m),
          label: t('protection.minutes', { count: m }),
        })),
      ]}
    />
  );
}

/** The responsible-gaming section of /conta. */
export function ProtectionPanel() {
  const { t } = useTranslation();
  const [view, setView] = useState<ProtectionView | null>(null);
  useEffect(() => {
    let current = true;
    fetchProtection()
      .then((next) => current && setView(next))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="sub-panel protection" aria-labelledby="protection-title" data-testid="protection">
      <h2 id="protection-title" className="section-title">
        {t('protection.title')}
      </h2>
      <p className="muted">{t('protection.lead')}</p>
      <h3 className="protection__subtitle">{t('protection.limits')}</h3>
      {view && <LimitList view={view} />}
      <LimitForm onView={setView} />
      <h3 className="protection__subtitle">{t('protection.reality.title')}</h3>
      <p className="muted">{t('protection.reality.lead')}</p>
      {view && <RealityCheckForm view={view} onView={setView} />}
      <h3 className="protection__subtitle">{t('protection.breakTitle')}</h3>
      <p className="muted">{t('protection.breakLead')}</p>
      <ExclusionForm />
      <p className="protection__help">{t('protection.help')}</p>
    </section>
  );
}
