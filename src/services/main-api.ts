import { z } from 'zod/mini';
import { resetCheckIdSchema, type ResetCheckId } from '../../domain/schemas/auth.schema';
import { userGiftSchema } from '../../domain/schemas/promo.schema';
import { guestAnalysisSchema, noticeSchema, type Notice } from '../../domain/schemas/user.schema';
import { apiGet, apiPost, apiPostForm } from './api-client';

/** Site-wide calls and the password reset of spec 4 (spec 7). */

/** Step 1 of the reset: mails a 6-digit code (sent as a form, as the specification does). */
export async function sendResetCode(email: string): Promise<string> {
  const body = await apiPostForm<null>('/api/app/main/RESETPWD/sendEmail', { email });
  return body.message;
}

/** Step 2: checks the code and returns the check id that authorises step 3. */
export async function checkResetCode(email: string, code: string): Promise<ResetCheckId> {
  const body = await apiPost<unknown>('/api/app/main/RESETPWD/checkEmail', { email, code });
  return resetCheckIdSchema.parse(body.data);
}

/** Step 3: sets the new password. Returns the server's message. */
export async function setNewPassword(nPwd: string, chkId: string): Promise<string> {
  const body = await apiPost<null>('/api/app/main/setPwd', { nPwd, chkId });
  return body.message;
}

/** Support contacts: the answer's message is `chatId#telegram`, either side may be empty. */
export async function fetchSupportContacts(): Promise<{ chatId: string; telegram: string }> {
  const body = await apiGet<null>('/api/app/main/csid', { loading: false });
  const [chatId = '', telegram = ''] = body.message.split('#');
  return { chatId, telegram };
}

/** Footer counters: registered players and total winnings paid (BRL). A failure stays quiet. */
export async function fetchGuestAnalysis(): Promise<{ number: number; amount: number }> {
  const body = await apiGet<unknown>('/api/app/main/guestAnalysis', { loading: false }, { silent: true });
  return guestAnalysisSchema.parse(body.data);
}

/** True when a promo gift waits for the player (`data` 1). */
export async function fetchUserGift(): Promise<boolean> {
  const body = await apiGet<unknown>('/api/app/main/userGift');
  return userGiftSchema.parse(body.data) === 1;
}

/** The latest notices, newest first (the notice bar shows the first until the socket sends one). A failure stays quiet. */
export async function fetchNotices(): Promise<Notice[]> {
  const body = await apiGet<unknown>('/api/app/main/notices', { loading: false }, { silent: true });
  return z.array(noticeSchema).parse(body.data);
}
