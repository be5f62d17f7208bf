import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notFound, tooMany } from '../../infra/http/errors';
import type { Trx } from '../../infra/db/connection';
import {
  complaintProtocol,
  type ComplaintInput,
  type ComplaintStatus,
  type SupportMessageView,
  type SupportReplyTime,
} from '../../../domain/schemas/support.schema';
import { consumeCaptcha } from '../auth/captcha.service';
import {
  addMessage,
  answerWaits,
  complaintByProtocol,
  complaintRows,
  conversationIdOf,
  conversationRows,
  conversationWithPlayer,
  ensureConversation,
  insertComplaint,
  latestMessages,
  lockComplaint,
  lockConversation,
  markComplaintAnswered,
  nextComplaintId,
  type MessageRow,
} from './support.repository';

/**
 * Customer service (issue 7): the support chat and the complaints. The chat has one conversation
 * per player; every message is stored before it is pushed (`support.message` to the player's
 * sockets), so a reload shows exactly what was said. Operators read and answer over HTTP.
 */

/** Chat messages a player may send per minute: a conversation, not a flood. */
export const SUPPORT_MESSAGES_PER_MINUTE = 10;
/** Complaints per IP address per hour, visitor or player. */
export const COMPLAINTS_PER_IP_PER_HOUR = 5;
/** Complaint status look-ups per IP address per minute (protocols are sequential: no guessing). */
export const COMPLAINT_LOOKUPS_PER_MINUTE = 10;
/** Messages a thread shows: the latest ones. */
const THREAD_LIMIT = 200;

const view = (row: MessageRow): SupportMessageView => ({
  id: row.id,
  author: row.author,
  text: row.text,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The latest messages of a conversation, oldest first. */
async function threadOf(ctx: AppContext, conversationId: number): Promise<SupportMessageView[]> {
  return (await latestMessages(ctx.db, conversationId, THREAD_LIMIT)).reverse().map(view);
}

/** The player's own messages (empty before the first one). */
export async function playerThread(ctx: AppContext, userId: number): Promise<SupportMessageView[]> {
  const conversationId = await conversationIdOf(ctx.db, userId);
  return conversationId === undefined ? [] : threadOf(ctx, conversationId);
}

/** The window and the least number of answers a measured reply time needs. */
const REPLY_WINDOW_MS = 7 * 24 * 3600_000;
const REPLY_SAMPLES_MIN = 5;

/**
 * When a player may expect an answer: the median wait of the operators' answers of the last seven
 * days (from the first unanswered player message to the answer), once there are five; before that,
 * what the operator promises in the configuration. A median, so one conversation left overnight
 * does not make every player expect hours.
 */
export function replyTime(ctx: AppContext): Promise<SupportReplyTime> {
  // Every player's chat asks, and the answer moves slowly: one query per instance a minute, shared
  // by the callers of that minute (red-team review: each call scanned the week's answers).
  const now = Date.now();
  const cached = replyTimes.get(ctx);
  if (cached && cached.until > now) return cached.value;
  const value = measureReplyTime(ctx, now);
  replyTimes.set(ctx, { until: now + REPLY_TIME_CACHE_MS, value });
  value.catch(() => replyTimes.delete(ctx));
  return value;
}

const REPLY_TIME_CACHE_MS = 60_000;
const replyTimes = new WeakMap<AppContext, { until: number; value: Promise<SupportReplyTime> }>();

async function measureReplyTime(ctx: AppContext, now: number): Promise<SupportReplyTime> {
  const since = new Date(now - REPLY_WINDOW_MS);
  const waits = (await answerWaits(ctx.db, since)).sort((a, b) => a - b);
  if (waits.length < REPLY_SAMPLES_MIN) {
    return { minutes: ctx.config.file.site.support.replyMinutes, measured: false };
  }
  const mid = waits.length >> 1;
  const median = waits.length % 2 ? waits[mid]! : (waits[mid - 1]! + waits[mid]!) / 2;
  return { minutes: Math.max(1, Math.ceil(median / 60)), measured: true };
}

/** Stores a player's message and pushes it to the player's other tabs. */
export async function playerSays(ctx: AppContext, userId: number, text: string): Promise<SupportMessageView> {
  if ((await ctx.limiter.hit(`support-msg:${userId}`, 60_000)) > SUPPORT_MESSAGES_PER_MINUTE) {
    throw tooMany();
  }
  const message = await ctx.db.transaction().execute(async (trx) => {
    const conversationId = await ensureConversation(trx, userId);
    return view(await addMessage(trx, { conversationId, author: 'player', operatorId: null, text }));
  });
  ctx.realtime.emitToUser(userId, 'support.message', message);
  return message;
}

/** The operator's list: conversations waiting for an answer first, then the most recent. */
export async function listConversations(ctx: AppContext) {
  const rows = await conversationRows(ctx.db);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    // Players sign up with their e-mail as the username (spec 3: username and email are the same).
    username: r.username,
    email: r.username,
    name: r.name,
    awaitingReply: r.awaiting_reply,
    lastMessage: (r.last_text ?? '').slice(0, 140),
    lastMessageAt: new Date(r.last_message_at).toISOString(),
  }));
}

/** One conversation for the console: the player's identity and the thread. */
export async function conversationForOperator(ctx: AppContext, id: number) {
  const row = await conversationWithPlayer(ctx.db, id);
  if (!row) throw notFound();
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    email: row.username,
    name: row.name,
    vip: row.level,
    playerSince: new Date(row.created_at).toISOString(),
    awaitingReply: row.awaiting_reply,
    messages: await threadOf(ctx, row.id),
  };
}

/**
 * Stores an operator's answer with its audit row (`record` runs in the same transaction) and
 * pushes it to the player's sockets.
 */
export async function operatorSays(
  ctx: AppContext,
  conversationId: number,
  operatorId: number,
  text: string,
  record: (trx: Trx, message: SupportMessageView, userId: number) => Promise<void>,
): Promise<SupportMessageView> {
  const { message, userId } = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, conversationId);
    if (!conversation) throw notFound();
    const message = view(await addMessage(trx, { conversationId, author: 'operator', operatorId, text }));
    await record(trx, message, conversation.user_id);
    return { message, userId: conversation.user_id };
  });
  ctx.realtime.emitToUser(userId, 'support.message', message);
  return message;
}

/** The year of `date` in Brasília (a complaint filed at 22:00 on 31 December is of that year). */
function brasiliaYear(date: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(date),
  );
}

/**
 * Files a complaint and returns its protocol. A visitor proves to be a person with the captcha,
 * as registration does; a logged-in player is already known. Both count against a per-IP limit.
 */
export async function fileComplaint(
  ctx: AppContext,
  input: ComplaintInput,
  filer: { userId: number | null; ip: string },
): Promise<{ protocol: string }> {
  if (filer.userId === null) {
    if (!input.codeId || !input.captCode) throw badRequest('captchaMissing');
    await consumeCaptcha(ctx, input.codeId, input.captCode, filer.ip);
  }
  if ((await ctx.limiter.hit(`complaint-ip:${filer.ip}`, 3_600_000)) > COMPLAINTS_PER_IP_PER_HOUR) {
    throw tooMany();
  }
  return ctx.db.transaction().execute(async (trx) => {
    // The number is the row's id, taken first so the protocol is written with the row.
    const id = await nextComplaintId(trx);
    const protocol = complaintProtocol(brasiliaYear(new Date()), id);
    await insertComplaint(trx, {
      id,
      protocol,
      userId: filer.userId,
      subject: input.subject,
      text: input.text,
      contact: input.contact,
      ip: filer.ip,
    });
    return { protocol };
  });
}

/** Contacts compare without case and spaces: the author types them again from memory. */
const sameContact = (a: string, b: string) =>
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * A complaint's status for whoever knows its protocol and the contact given with it. A wrong
 * contact answers exactly like an unknown protocol.
 */
export async function complaintStatus(
  ctx: AppContext,
  protocol: string,
  contact: string,
  ip: string,
): Promise<ComplaintStatus> {
  if ((await ctx.limiter.hit(`complaint-lookup:${ip}`, 60_000)) > COMPLAINT_LOOKUPS_PER_MINUTE) {
    throw tooMany();
  }
  const row = await complaintByProtocol(ctx.db, protocol);
  if (!row || !sameContact(row.contact, contact)) throw new AppError(404, 'complaintNotFound');
  return {
    protocol: row.protocol,
    subject: row.subject,
    status: row.status,
    answer: row.answer,
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  };
}

/** The operator's list of complaints, open ones first (oldest first: they have waited longest). */
export async function listComplaints(ctx: AppContext, status?: 'open' | 'answered') {
  const rows = await complaintRows(ctx.db, status);
  return rows.map((r) => ({
    id: r.id,
    protocol: r.protocol,
    subject: r.subject,
    text: r.text,
    contact: r.contact,
    status: r.status,
    answer: r.answer,
    player: r.username,
    answeredBy: r.answered_by,
    answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Marks a complaint answered with the operator's reply; `record` writes the audit row with it. */
export async function answerComplaint(
  ctx: AppContext,
  id: number,
  operatorId: number,
  answer: string,
  record: (trx: Trx, protocol: string) => Promise<void>,
): Promise<{ protocol: string; status: 'answered' }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockComplaint(trx, id);
    if (!row) throw notFound();
    if (row.status === 'answered') throw new AppError(409, 'complaintAlreadyAnswered');
    await markComplaintAnswered(trx, id, operatorId, answer);
    await record(trx, row.protocol);
    return { protocol: row.protocol, status: 'answered' as const };
  });
}
