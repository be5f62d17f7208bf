import {
  balanceSchema,
  userInfoSchema,
  type Balances,
  type UserInfo,
} from '../../domain/schemas/user.schema';
import { apiGet, apiPost } from './api-client';

/** The logged-in player's own calls (spec 7). Answers are checked against the shared schemas. */

/** The full user info; `loading: false` refreshes it without the global indicator. */
export async function fetchUserInfo(options: { loading?: boolean } = {}): Promise<UserInfo> {
  const body = await apiGet<unknown>(
    '/api/app/user/userInfo',
    options.loading === false ? { loading: false } : undefined,
  );
  return userInfoSchema.parse(body.data);
}

/** Cash, bonus and spendable balances. */
export async function fetchBalance(): Promise<Balances> {
  const body = await apiGet<unknown>('/api/app/user/getBalance');
  return balanceSchema.parse(body.data);
}

/** Picks avatar `index` (1–36). */
export async function setAvatar(index: number): Promise<void> {
  await apiGet<unknown>(`/api/app/user/setHeader/${index}`);
}

/** Changes the password; the server ends every other session. Returns the server's message. */
export async function changePassword(oldPwd: string, nPwd: string): Promise<string> {
  const body = await apiPost<null>('/api/app/user/changePwd', { oldPwd, nPwd });
  return body.message;
}
