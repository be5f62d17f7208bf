import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MatchTime } from '../../domain/codes';
import { adminApi } from './admin-api';
import { errorText } from './admin-login';
import type { RaceProblem, ResultProblem } from './admin-result-rules';

/** What the checked result forms share (a sport's scoreboard, a race's classification). */

/** The end states an operator can enter for a fixture, with their labels. */
export const RESULT_STATUSES = [
  [MatchTime.finished, 'admin.sports.statuses.-1'],
  [MatchTime.cancelled, 'admin.sports.statuses.-10'],
  [MatchTime.interrupted, 'admin.sports.statuses.-13'],
  [MatchTime.postponed, 'admin.sports.statuses.-14'],
  [MatchTime.cutInHalf, 'admin.sports.statuses.-12'],
] as const;

/**
 * A checked form's sending: a problem found here marks and focuses its control and says why;
 * otherwise the result is sent, and the count settled (or the server's refusal) is said.
 */
export function useResultEntry(fixtureId: string, onDone: () => void) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (
    event: FormEvent,
    problem: ResultProblem | RaceProblem | null,
    payload: () => Parameters<typeof adminApi.enterResult>[1],
  ) => {
    event.preventDefault();
    if (problem) {
      setInvalid(problem.field);
      setMessage({ text: t(`admin.results.errors.${problem.error}`, problem.params), error: true });
      const control = formRef.current?.elements.namedItem(problem.field);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setInvalid(null);
    setMessage(null);
    setBusy(true);
    try {
      const res = await adminApi.enterResult(fixtureId, payload());
      setMessage({ text: t('admin.sports.settled', { count: res.settled.length }), error: false });
      onDone();
    } catch (err) {
      setMessage({ text: errorText(err, t('admin.error')), error: true });
    } finally {
      setBusy(false);
    }
  };
  return { formRef, invalid, setInvalid, message, busy, send };
}

/** A checked result form: how the fixture ended, the hint for it, its rows, the button and the answer. */
export function ResultEntryForm({
  entry,
  onSubmit,
  status,
  onStatus,
  hint,
  children,
}: {
  entry: ReturnType<typeof useResultEntry>;
  onSubmit: (event: FormEvent) => void;
  status: number;
  onStatus: (status: number) => void;
  hint: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { formRef, message, busy } = entry;
  return (
    <form
      ref={formRef}
      className="admin-result"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('admin.sports.enter')}
    >
      <label className="admin-result__status">
        {t('admin.sports.status')}
        <select
          value={status}
          onChange={(e) => {
            onStatus(Number(e.target.value));
            entry.setInvalid(null);
          }}
        >
          {RESULT_STATUSES.map(([code, label]) => (
            <option key={code} value={code}>
              {/* −12 is a match stopped for good before its end here (football's form says "at the interval"). */}
              {code === MatchTime.cutInHalf ? t('admin.results.stoppedEarly') : t(label)}
            </option>
          ))}
        </select>
      </label>
      {hint && <p className="admin-result__hint">{hint}</p>}
      {children}
      <div className="admin-result__actions">
        <button type="submit" disabled={busy}>
          {t('admin.sports.enter')}
        </button>
        {message && (
          <span
            role={message.error ? 'alert' : 'status'}
            className={message.error ? 'admin-error' : undefined}
          >
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}

/** The hint under the status of an entry that did not finish (what its bets do), else null. */
export const unfinishedHint = (
  status: number,
): `admin.results.hints.${'-10' | '-12' | '-13' | '-14'}` | null =>
  status === MatchTime.finished
    ? null
    : `admin.results.hints.${String(status) as '-10' | '-12' | '-13' | '-14'}`;
