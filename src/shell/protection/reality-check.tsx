import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '../../../domain/schemas/protection.schema';
import { formatMoney } from '../../lib/format';
import { fetchSessionSummary } from '../../services/protection-api';
import { navigateTo } from '../app/navigation';
import { signOut, useToken } from '../app/session';
import { Modal } from '../components/modal';

/**
 * Reality checks (issue 9, research/brazil.md §5.3): when the player chose an interval, a reminder
 * interrupts the session at every multiple of it with how long they have played and the net result,
 * both from the server. The timer counts from the session's start on the server, so a reload does
 * not restart it.
 */

/** Window event the account page sends when the interval changes. */
export const REALITY_CHECK_CHANGED = 'trevo:reality-check';

/** Milliseconds until the next reminder of a session that began at `startedAt`, every `minutes`. */
export function nextReminderIn(startedAt: string, minutes: number, now = Date.now()): number {
  const every = minutes * 60_000;
  const elapsed = Math.max(0, now - Date.parse(startedAt));
  return (Math.floor(elapsed / every) + 1) * every - elapsed;
}

/** "45 min" or "1 h 30 min". */
function useDuration() {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes < 60
      ? t('protection.minutes', { count: minutes })
      : t('protection.reality.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** Mounted once in the root layout; does nothing for a visitor or without an interval. */
export function RealityCheck() {
  const { t } = useTranslation();
  const duration = useDuration();
  const token = useToken();
  const [shown, setShown] = useState<SessionSummary | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const again = () => setGeneration((g) => g + 1);
    window.addEventListener(REALITY_CHECK_CHANGED, again);
    return () => window.removeEventListener(REALITY_CHECK_CHANGED, again);
  }, []);

  useEffect(() => {
    if (!token || shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    fetchSessionSummary()
      .then((summary) => {
        if (!live || summary.realityCheckMinutes === null) return;
        timer = setTimeout(
          () => {
            void fetchSessionSummary()
              .then((now) => live && setShown(now))
              .catch(() => undefined);
          },
          nextReminderIn(summary.startedAt, summary.realityCheckMinutes),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, shown, generation]);

  if (!shown || !token) return null;
  const close = () => setShown(null);
  return (
    <Modal
      title={t('protection.reality.modalTitle')}
      onClose={close}
      testId="reality-check"
      role="alertdialog"
    >
      <p className="reality-check__line">
        {t('protection.reality.played', { duration: duration(shown.minutes) })}
      </p>
      <p className="reality-check__line">
        {t('protection.reality.net')}{' '}
        <strong
          className={shown.net < 0 ? 'reality-check__net reality-check__net--loss' : 'reality-check__net'}
          data-testid="reality-check-net"
        >
          {formatMoney(shown.net)}
        </strong>
      </p>
      <div className="reality-check__actions">
        <button type="button" className="button button--gold" data-autofocus onClick={close}>
          {t('protection.reality.continue')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            close();
            navigateTo('/registros');
          }}
        >
          {t('protection.reality.history')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="reality-check-logout"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          {t('protection.reality.logout')}
        </button>
      </div>
    </Modal>
  );
}
