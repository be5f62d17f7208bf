import { z } from 'zod/mini';
import {
  complaintFiledSchema,
  complaintStatusSchema,
  type complaintSchema,
  supportMessageViewSchema,
  supportReplyTimeSchema,
  type ComplaintStatus,
  type SupportMessageView,
  type SupportReplyTime,
} from '../../../domain/schemas/support.schema';
import { apiGet, apiPost } from '../../services/api-client';

/** The support chat's and the complaint form's calls (issue 7). */

/** The player's conversation so far, oldest first. */
export async function fetchSupportThread(): Promise<SupportMessageView[]> {
  const body = await apiGet<unknown>('/api/app/support/messages', { loading: false });
  return z.array(supportMessageViewSchema).parse(body.data);
}

/** When an answer may be expected (the operators' measured median, or the configured promise). */
export async function fetchReplyTime(): Promise<SupportReplyTime> {
  const body = await apiGet<unknown>('/api/app/support/replyTime', { loading: false }, { silent: true });
  return supportReplyTimeSchema.parse(body.data);
}

/** Sends one message (errors are shown in the chat, not as an alert); the stored message comes back (and over the socket to the other tabs). */
export async function sendSupportMessage(text: string): Promise<SupportMessageView> {
  const body = await apiPost<unknown>('/api/app/support/message', { text, loading: false }, { silent: true });
  return supportMessageViewSchema.parse(body.data);
}

/** What the complaint form sends, as the server's `complaintSchema` takes it (a visitor adds the captcha). */
export type ComplaintForm = z.input<typeof complaintSchema>;

/** Files a complaint and returns its protocol. */
export async function fileComplaint(form: ComplaintForm): Promise<string> {
  const body = await apiPost<unknown>('/api/app/main/complaint', { ...form }, { silent: true });
  return complaintFiledSchema.parse(body.data).protocol;
}

/** A complaint's status, for whoever knows its protocol and the contact given with it. */
export async function fetchComplaintStatus(protocol: string, contact: string): Promise<ComplaintStatus> {
  const body = await apiGet<unknown>(
    `/api/app/main/complaint/${encodeURIComponent(protocol)}`,
    { contact },
    { silent: true },
  );
  return complaintStatusSchema.parse(body.data);
}
