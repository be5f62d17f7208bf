import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import {
  complaintAnsweredSchema,
  complaintRowSchema,
  supportConversationRowSchema,
  supportConversationSchema,
  supportMessageViewSchema,
  type ComplaintRow,
  type SupportConversation,
  type SupportConversationRow,
} from '../../domain/schemas/support.schema';
import { request } from './admin-api';
import { errorText } from './admin-login';
import { PlayerProfileView } from './admin-people-panels';
import { usePolling } from './admin-fields';

/**
 * "Atendimento" (issue 7): the support conversations and the complaints. The console talks HTTP
 * only (the socket admits player sessions), so it polls: the open list and thread refresh every
 * POLL_MS while the section is on screen, which is live enough for a chat and costs a few small
 * queries per operator.
 */

/** How often the list and the open thread refresh. */
export const POLL_MS = 3000;

/** The support calls of the console. */
export const supportApi = {
  conversations: async () =>
    z
      .array(supportConversationRowSchema)
      .parse(await request<unknown>('get', '/api/admin/support/conversations')),
  conversation: async (id: number) =>
    supportConversationSchema.parse(await request<unknown>('get', `/api/admin/support/conversations/${id}`)),
  reply: async (id: number, text: string) =>
    supportMessageViewSchema.parse(
      await request<unknown>('post', `/api/admin/support/conversations/${id}/reply`, { text }),
    ),
  complaints: async (status: '' | 'open' | 'answered') =>
    z
      .array(complaintRowSchema)
      .parse(
        await request<unknown>('get', `/api/admin/support/complaints${status ? `?status=${status}` : ''}`),
      ),
  answer: async (id: number, answer: string) =>
    complaintAnsweredSchema.parse(
      await request<unknown>('post', `/api/admin/support/complaints/${id}/answer`, { answer }),
    ),
};

const when = (iso: string) => new Date(iso).toLocaleString('pt-BR');

/** Conversations, unanswered first, and the open thread with the reply box. */
function ConversationsTab() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SupportConversationRow[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [open, setOpen] = useState<SupportConversation | null>(null);
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [showProfile, setShowProfile] = useState(false);
  const thread = useRef<HTMLOListElement>(null);
  const canned = t('admin.support.cannedList', { returnObjects: true }) as string[];

  const tick = useCallback(async () => {
    try {
      setRows(await supportApi.conversations());
      if (openId !== null) setOpen(await supportApi.conversation(openId));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [openId, t]);
  usePolling(tick, POLL_MS);

  const lastId = open?.messages.at(-1)?.id;
  useEffect(() => {
    if (thread.current) thread.current.scrollTop = thread.current.scrollHeight;
  }, [lastId]);

  const reply = async (event: FormEvent) => {
    event.preventDefault();
    if (openId === null || !text.trim()) return;
    setSending(true);
    setMessage('');
    try {
      await supportApi.reply(openId, text.trim());
      setText('');
      await tick();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="admin-support">
      <ul className="admin-support__list" aria-label={t('admin.support.conversations')}>
        {rows.length === 0 && <li>{t('admin.support.noConversations')}</li>}
        {rows.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="admin-support__item"
              aria-current={c.id === openId ? 'true' : undefined}
              onClick={() => {
                setOpenId(c.id);
                setOpen(null);
                setShowProfile(false);
              }}
              data-testid={`support-conversation-${c.id}`}
            >
              <span className="admin-support__line">
                <strong>{c.name || c.username}</strong>
                {c.awaitingReply && <span className="admin-badge">{t('admin.support.waiting')}</span>}
              </span>
              <small>{c.email}</small>
              <span className="admin-support__preview">{c.lastMessage}</span>
              <small>{when(c.lastMessageAt)}</small>
            </button>
          </li>
        ))}
      </ul>
      <div className="admin-support__thread">
        {open ? (
          <>
            <p className="admin-support__who" data-testid="support-player">
              <strong>{open.name}</strong> · {open.email} · VIP {open.vip} ·{' '}
              {t('admin.support.since', { date: new Date(open.playerSince).toLocaleDateString('pt-BR') })}{' '}
              <button
                type="button"
                className="admin-secondary"
                aria-pressed={showProfile}
                onClick={() => setShowProfile((v) => !v)}
                data-testid="support-profile-toggle"
              >
                {showProfile ? t('admin.support.hideProfile') : t('admin.support.profile')}
              </button>
            </p>
            {/* "Cadê meu saque?": the player's balances, withdrawals and bets, beside the chat. */}
            {showProfile && <PlayerProfileView key={open.userId} playerId={open.userId} />}
            <ol ref={thread} className="admin-support__messages" data-testid="support-messages">
              {open.messages.map((m) => (
                <li key={m.id} className={`admin-support__msg admin-support__msg--${m.author}`}>
                  <small>
                    {m.author === 'operator' ? t('admin.support.operator') : t('admin.support.player')} ·{' '}
                    {when(m.createdAt)}
                  </small>
                  <p>{m.text}</p>
                </li>
              ))}
            </ol>
            <form className="admin-support__reply" onSubmit={(e) => void reply(e)}>
              <label>
                {t('admin.support.canned')}
                <select
                  value=""
                  onChange={(e) => {
                    const chosen = e.target.value;
                    if (chosen)
                      setText((current) => (current.trim() ? `${current.trim()}\n${chosen}` : chosen));
                  }}
                  data-testid="support-canned"
                >
                  <option value="" />
                  {canned.map((reply) => (
                    <option key={reply} value={reply}>
                      {reply}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('admin.support.reply')}
                <textarea
                  rows={3}
                  maxLength={1000}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  data-testid="support-reply"
                />
              </label>
              <button type="submit" disabled={sending || !text.trim()} data-testid="support-reply-send">
                {t('admin.support.send')}
              </button>
            </form>
          </>
        ) : (
          <p>{t('admin.support.pick')}</p>
        )}
        {message && <p role="status">{message}</p>}
      </div>
    </div>
  );
}

/** Days a complaint may wait for its answer (SAC, Decreto 11.034/2022: up to 7 calendar days). */
export const COMPLAINT_DAYS = 7;
const DAY_MS = 86_400_000;

/** An open complaint's age and deadline, red once past it. */
function Deadline({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation();
  const opened = new Date(createdAt).getTime();
  const due = opened + COMPLAINT_DAYS * DAY_MS;
  const age = Math.floor((Date.now() - opened) / DAY_MS);
  const late = Date.now() > due;
  return (
    <>
      <br />
      <small className={late ? 'admin-negative' : undefined} data-testid="complaint-deadline">
        {age === 0 ? t('admin.support.today') : t('admin.support.age', { count: age })} ·{' '}
        {late
          ? t('admin.support.late', { count: Math.ceil((Date.now() - due) / DAY_MS) })
          : t('admin.support.due', {
              date: new Date(due).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
            })}
      </small>
    </>
  );
}

/** One complaint row's answer form. */
function AnswerForm({ row, onDone }: { row: ComplaintRow; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [message, setMessage] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage('');
    try {
      await supportApi.answer(row.id, answer.trim());
      setAnswer('');
      await onDone();
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <label>
        {t('admin.support.answer')}
        <textarea
          rows={3}
          maxLength={4000}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          data-testid={`complaint-answer-${row.protocol}`}
        />
      </label>
      <button type="submit" disabled={!answer.trim()} data-testid={`complaint-answer-send-${row.protocol}`}>
        {t('admin.support.markAnswered')}
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}

/** Complaints, open ones first; an operator answers and the complaint is marked answered. */
function ComplaintsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'' | 'open' | 'answered'>('open');
  const [rows, setRows] = useState<ComplaintRow[]>([]);
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      setRows(await supportApi.complaints(status));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [status, t]);
  useEffect(() => void load(), [load]);

  return (
    <div>
      <div className="admin-actions">
        <label>
          {t('admin.support.filter')}
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="open">{t('admin.support.status.open')}</option>
            <option value="answered">{t('admin.support.status.answered')}</option>
            <option value="">{t('admin.support.status.all')}</option>
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          {t('admin.reload')}
        </button>
      </div>
      {message && <p role="status">{message}</p>}
      {rows.length === 0 ? (
        <p>{t('admin.support.noComplaints')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.support.protocol')}</th>
              <th>{t('admin.support.complaint')}</th>
              <th>{t('admin.support.contact')}</th>
              <th>{t('admin.support.answer')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`complaint-${r.protocol}`}>
                <td className="admin-nowrap">
                  <strong>{r.protocol}</strong>
                  <br />
                  <small>{when(r.createdAt)}</small>
                  {r.status === 'open' && <Deadline createdAt={r.createdAt} />}
                </td>
                <td>
                  <strong>{r.subject}</strong>
                  <p className="admin-support__text">{r.text}</p>
                </td>
                <td className="admin-nowrap">
                  {r.contact}
                  {r.player && (
                    <>
                      <br />
                      <small>{t('admin.support.account', { username: r.player })}</small>
                    </>
                  )}
                </td>
                <td>
                  {r.status === 'answered' ? (
                    <>
                      <p className="admin-support__text">{r.answer}</p>
                      <small>
                        {r.answeredBy} · {r.answeredAt && when(r.answeredAt)}
                      </small>
                    </>
                  ) : (
                    <AnswerForm row={r} onDone={load} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The "Atendimento" section: conversations and complaints. */
export function SupportPanel() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'conversations' | 'complaints'>('conversations');
  return (
    <section className="admin-panel admin-support-panel" aria-labelledby="admin-support-title">
      <h2 id="admin-support-title">{t('admin.support.title')}</h2>
      <div className="admin-actions" role="tablist">
        {(['conversations', 'complaints'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? undefined : 'admin-secondary'}
            onClick={() => setTab(key)}
            data-testid={`support-tab-${key}`}
          >
            {t(`admin.support.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'conversations' ? <ConversationsTab /> : <ComplaintsTab />}
    </section>
  );
}
