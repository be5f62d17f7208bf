import { z } from 'zod/mini';
import { CAPTCHA_ANSWER_MAX, codeIdSchema } from './common.schema';

/**
 * Customer service (issue 7): the support chat between a player and the operators, and the
 * complaints anyone may file at `/complaint_form`. Texts are stored and shown as plain text.
 */

/** Longest chat message, in characters: a long explanation fits, a pasted document does not. */
export const SUPPORT_MESSAGE_MAX = 1000;
/** Complaint limits, in characters. */
export const COMPLAINT_SUBJECT_MIN = 3;
export const COMPLAINT_SUBJECT_MAX = 120;
export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 4000;
export const COMPLAINT_CONTACT_MAX = 120;

/** A complaint protocol: `TRV-<year>-<six digits or more>`, e.g. `TRV-2026-000123`. */
export const PROTOCOL_PATTERN = /^TRV-\d{4}-\d{6,}$/;

/** The protocol of the complaint numbered `seq`, filed in `year`. */
export function complaintProtocol(year: number, seq: number): string {
  return `TRV-${year}-${String(seq).padStart(6, '0')}`;
}

/** Control characters other than tabs and line breaks are dropped; line breaks are kept. */
const plain = (text: string) =>
  Array.from(text)
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return (code >= 32 && code !== 127) || code === 9 || code === 10 || code === 13;
    })
    .join('');

/** `POST /api/app/support/message` and the operator's reply. */
export const supportMessageSchema = z.strictObject({
  text: z.pipe(
    z.pipe(z.string({ message: 'supportTextEmpty' }), z.transform(plain)),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { message: 'supportTextEmpty' }),
        z.maxLength(SUPPORT_MESSAGE_MAX, { message: 'supportTextLong' }),
      ),
  ),
});
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;

/** An e-mail address or a phone number with 10 to 13 digits (DDD included). */
export function isContact(value: string): boolean {
  const email = /^[^\s@]{1,64}@[^\s@]{1,100}\.[^\s@]{2,}$/.test(value);
  const digits = value.replace(/[\s().+-]/g, '');
  return email || /^\d{10,13}$/.test(digits);
}

/**
 * `POST /api/app/main/complaint { subject, text, contact }` (API.md). A visitor also sends the
 * captcha (`codeId`, `captCode`) as registration does; a logged-in player does not need it.
 */
export const complaintSchema = z.strictObject({
  subject: z.pipe(
    z.pipe(z.string({ message: 'complaintSubjectShort' }), z.transform(plain)),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(COMPLAINT_SUBJECT_MIN, { message: 'complaintSubjectShort' }),
        z.maxLength(COMPLAINT_SUBJECT_MAX, { message: 'complaintSubjectLong' }),
      ),
  ),
  text: z.pipe(
    z.pipe(z.string({ message: 'complaintTextShort' }), z.transform(plain)),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(COMPLAINT_TEXT_MIN, { message: 'complaintTextShort' }),
        z.maxLength(COMPLAINT_TEXT_MAX, { message: 'complaintTextLong' }),
      ),
  ),
  contact: z
    .string({ message: 'complaintContactInvalid' })
    .check(
      z.trim(),
      z.maxLength(COMPLAINT_CONTACT_MAX, { message: 'complaintContactInvalid' }),
      z.refine(isContact, { message: 'complaintContactInvalid' }),
    ),
  codeId: z.optional(codeIdSchema),
  captCode: z.optional(z.string().check(z.trim(), z.maxLength(CAPTCHA_ANSWER_MAX))),
});
export type ComplaintInput = z.infer<typeof complaintSchema>;

/** `GET /api/app/main/complaint/{protocol}?contact=`: the protocol and the contact given with it. */
export const complaintLookupSchema = z.object({
  contact: z
    .string()
    .check(z.trim(), z.minLength(1, { message: 'complaintNotFound' }), z.maxLength(COMPLAINT_CONTACT_MAX)),
});

/** `POST /api/admin/support/complaints/{id}/answer { answer }`. */
export const complaintAnswerSchema = z.strictObject({
  answer: z.pipe(
    z.pipe(z.string({ message: 'complaintAnswerEmpty' }), z.transform(plain)),
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { message: 'complaintAnswerEmpty' }),
        z.maxLength(COMPLAINT_TEXT_MAX, { message: 'tooLong' }),
      ),
  ),
});

/** One chat message as the player's client receives it (HTTP and socket `support.message`). */
export const supportMessageViewSchema = z.object({
  id: z.number(),
  author: z.enum(['player', 'operator']),
  text: z.string(),
  createdAt: z.string(),
});
export type SupportMessageView = z.infer<typeof supportMessageViewSchema>;

/**
 * `GET /api/app/support/replyTime`: when a player may expect an answer. `measured` when it is the
 * median of the operators' real first answers over the last days, otherwise the operator's promise
 * from the configuration (`site.support.replyMinutes`).
 */
export const supportReplyTimeSchema = z.object({
  minutes: z.int().check(z.positive()),
  measured: z.boolean(),
});
export type SupportReplyTime = z.infer<typeof supportReplyTimeSchema>;

/** A complaint's state as its author may see it. */
export const complaintStatusSchema = z.object({
  protocol: z.string(),
  subject: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.nullable(z.string()),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

export const complaintsQuerySchema = z.object({ status: z.optional(z.enum(['open', 'answered'])) });

/** `POST /api/app/main/complaint`: the protocol the author keeps to follow the complaint. */
export const complaintFiledSchema = z.object({ protocol: z.string() });
export type ComplaintFiled = z.infer<typeof complaintFiledSchema>;

/** One line of the console's conversation list (`GET /api/admin/support/conversations`). */
export const supportConversationRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  /** The username again: players sign up with their e-mail as the username. */
  email: z.string(),
  name: z.string(),
  awaitingReply: z.boolean(),
  /** The latest message's first 140 characters. */
  lastMessage: z.string(),
  lastMessageAt: z.string(),
});
export type SupportConversationRow = z.infer<typeof supportConversationRowSchema>;

/** `GET /api/admin/support/conversations/{id}`: the player's identity and the thread, oldest first. */
export const supportConversationSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  /** The player's VIP level. */
  vip: z.number(),
  playerSince: z.string(),
  awaitingReply: z.boolean(),
  messages: z.array(supportMessageViewSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** One complaint of the console's list (`GET /api/admin/support/complaints`). */
export const complaintRowSchema = z.object({
  id: z.number(),
  protocol: z.string(),
  subject: z.string(),
  text: z.string(),
  contact: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.nullable(z.string()),
  /** The player's username; null for a visitor's complaint. */
  player: z.nullable(z.string()),
  /** The operator who answered. */
  answeredBy: z.nullable(z.string()),
  answeredAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ComplaintRow = z.infer<typeof complaintRowSchema>;

/** `POST /api/admin/support/complaints/{id}/answer`. */
export const complaintAnsweredSchema = z.object({
  protocol: z.string(),
  status: z.literal('answered'),
});
export type ComplaintAnswered = z.infer<typeof complaintAnsweredSchema>;
