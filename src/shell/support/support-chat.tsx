import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_MESSAGE_MAX,
  type SupportMessageView,
  type SupportReplyTime,
} from '../../../domain/schemas/support.schema';
import { bcp47, currentLanguage } from '../../lib/i18n';
import { ApiError } from '../../services/api-client';
import { onSocketEvent } from '../../services/socket';
import { closeOverlay } from '../app/overlay-store';
import { useUserInfo } from '../app/session';
import { CloseIcon } from '../components/icons';
import { ChatIcon } from './chat-icon';
import { fetchReplyTime, fetchSupportThread, sendSupportMessage } from './support-api';
import './support.css';

/** Shows the character counter once this close to the limit. */
const COUNTER_FROM = SUPPORT_MESSAGE_MAX - 200;

/** Adds `message` to the thread unless it is already there (the sender also gets it by socket). */
export function mergeMessage(
  thread: SupportMessageView[],
  message: SupportMessageView,
): SupportMessageView[] {
  if (thread.some((m) => m.id === message.id)) return thread;
  return [...thread, message].sort((a, b) => a.id - b.id);
}

/** A message's time: the hour today, the date and hour before. */
function timeOf(iso: string, locale: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(
    locale,
    today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(date);
}

/**
 * Spec 2: the customer-service chat in a slide-in frame. Messages persist on the server and load
 * when the frame opens; new ones (an operator's answer, or the player's own from another tab)
 * arrive over the socket as `support.message`. The player's name and e-mail go with every
 * conversation (the console shows them), so the frame says who is writing.
 */
export function SupportChat() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const titleId = useId();
  const locale = bcp47(currentLanguage());
  const [thread, setThread] = useState<SupportMessageView[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [replyTime, setReplyTime] = useState<SupportReplyTime | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    // Subscribed before the first load, so an answer arriving meanwhile is not lost.
    const off = onSocketEvent('support.message', (message) =>
      setThread((current) => mergeMessage(current ?? [], message)),
    );
    const load = () =>
      fetchSupportThread().then(
        (messages) => {
          if (!live) return;
          setLoadFailed(false);
          setThread((current) => messages.reduce(mergeMessage, current ?? []));
        },
        () => live && setLoadFailed(true),
      );
    void load();
    // Said under a message still waiting for its answer; the chat works without it.
    fetchReplyTime().then(
      (time) => live && setReplyTime(time),
      () => undefined,
    );
    // A phone that slept may have missed pushes while its socket was down: back on screen, the
    // thread is read again (merged by id, so nothing shows twice).
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    const node = list.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [thread]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    const node = panel.current;
    // Escape closes; Tab stays inside the frame (it is modal), as in the shell's other panels.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeOverlay();
      } else if (event.key === 'Tab' && node) {
        const items = [...node.querySelectorAll<HTMLElement>('button:not([disabled]), textarea')];
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    node?.addEventListener('keydown', onKey);
    return () => {
      node?.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setError('');
    try {
      const message = await sendSupportMessage(text);
      setThread((current) => mergeMessage(current ?? [], message));
      setDraft('');
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('support.chat.sendFailed'));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  // Enter sends, Shift+Enter starts a new line (as in every chat a player knows).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="support-backdrop" onClick={closeOverlay}>
      <div
        ref={panel}
        className="support-chat"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="support-chat"
        onClick={(event) => event.stopPropagation()}
      >
        <header className="support-chat__head">
          <span className="support-chat__badge" aria-hidden="true">
            <ChatIcon />
          </span>
          <div className="support-chat__who">
            <h2 id={titleId} className="support-chat__title">
              {t('support.chat.title')}
            </h2>
            <p className="support-chat__lead">{t('support.chat.lead')}</p>
          </div>
          <button
            type="button"
            className="icon-button support-chat__close"
            aria-label={t('common.close')}
            onClick={closeOverlay}
          >
            <CloseIcon />
          </button>
        </header>
        {user && (
          <p className="support-chat__identity" data-testid="support-identity">
            {t('support.chat.identity', { name: user.name || user.username, email: user.email })}
          </p>
        )}
        <ol
          ref={list}
          className="support-chat__thread"
          aria-live="polite"
          aria-label={t('support.chat.thread')}
          data-testid="support-thread"
        >
          {thread === null && !loadFailed && (
            <li className="support-chat__note">
              <span className="spinner" aria-hidden="true" /> {t('common.loading')}
            </li>
          )}
          {loadFailed && <li className="support-chat__note">{t('support.chat.loadFailed')}</li>}
          {thread?.length === 0 && (
            <li className="support-chat__welcome" data-testid="support-welcome">
              <strong>{t('support.chat.welcomeTitle')}</strong>
              <span>{t('support.chat.welcomeText')}</span>
            </li>
          )}
          {thread?.map((m) => (
            <li
              key={m.id}
              className={`support-msg support-msg--${m.author}`}
              data-testid={`support-msg-${m.author}`}
            >
              <span className="visually-hidden">
                {m.author === 'operator' ? t('support.chat.fromOperator') : t('support.chat.fromYou')}:
              </span>
              <p className="support-msg__text">{m.text}</p>
              <time className="support-msg__time" dateTime={m.createdAt}>
                {m.author === 'operator' ? `${t('support.chat.operatorName')} · ` : ''}
                {timeOf(m.createdAt, locale)}
              </time>
            </li>
          ))}
          {replyTime && thread?.at(-1)?.author === 'player' && (
            <li className="support-chat__note" data-testid="support-reply-time">
              {t(replyTime.measured ? 'support.chat.replyMeasured' : 'support.chat.replyPromised', {
                count: replyTime.minutes,
              })}
            </li>
          )}
        </ol>
        <form className="support-chat__composer" onSubmit={(event) => void send(event)}>
          {error && (
            <p className="support-chat__error" role="alert" data-testid="support-error">
              {error}
            </p>
          )}
          <div className="support-chat__row">
            <label className="visually-hidden" htmlFor={`${titleId}-input`}>
              {t('support.chat.placeholder')}
            </label>
            <textarea
              id={`${titleId}-input`}
              ref={input}
              className="support-chat__input"
              rows={2}
              value={draft}
              maxLength={SUPPORT_MESSAGE_MAX}
              placeholder={t('support.chat.placeholder')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              data-testid="support-input"
            />
            <button
              type="submit"
              className="button button--gold support-chat__send"
              disabled={sending || draft.trim() === ''}
              data-testid="support-send"
            >
              {t('support.chat.send')}
            </button>
          </div>
          {draft.length >= COUNTER_FROM && (
            <p className="support-chat__counter">
              {t('support.chat.counter', { length: draft.length, max: SUPPORT_MESSAGE_MAX })}
            </p>
          )}
        </form>
      </div>
    </div>
  );
}
