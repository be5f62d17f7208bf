import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, tooMany } from '../../infra/http/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../infra/security/passwords';
import { inviteCode, newToken, sha256Hex, sixDigitCode } from '../../infra/security/tokens';
import { isAdult, isValidCpf, normaliseCpf, passwordProblem } from '../../../domain/identity';
import type { LoginPayload, RegisterPayload } from '../../../domain/schemas/auth.schema';
import { consumeCaptcha } from './captcha.service';
import { isPlayerPassword } from '../../platform/player-password';
import {
  accountHolding,
  claimResetCheckId,
  clearLoginThrottle,
  credentialsByUsername,
  insertAccount,
  insertHandoff,
  insertResetCode,
  setPasswordByUsername,
  setPasswordHash,
  spendLoginAttempt,
  useHandoff,
  useResetCheckId,
  userIdByInviteCode,
  userIdByUsername,
} from './auth.repository';
import { assertNotExcluded, assertSessionTimeLeft } from '../protection/protection.service';
import { guessCode } from '../../platform/one-time-codes';
import { CODE_CHECKS, throttledGuess } from '../../platform/throttle';
import {
  createSession,
  liveSessionIds,
  revokeSessions,
  type Origin,
  type SessionRef,
} from '../../platform/sessions';

/** Login throttling (issue 2, security.md). */
export const THROTTLE = {
  /** Failures per account before each further attempt must wait. */
  freeFailures: 5,
  /** Longest wait between attempts on one account. */
  maxDelayS: 300,
  /** Attempts per account per hour. */
  perAccountPerHour: 100,
  /** Failures per IP per minute before 429. */
  perIpPerMinute: 20,
} as const;

const RESET_TTL_MS = 15 * 60_000;
const RESET_MAX_ATTEMPTS = 5;
const HANDOFF_TTL_MS = 60_000;

/** Refuses a password that breaks the policy (8–64 characters, not a common one). */
export function assertPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'length') throw badRequest('passwordLength');
  if (problem === 'common') throw badRequest('passwordCommon');
}

/**
 * An address spends one of its attempts a minute before the attempt is judged, so a burst of
 * concurrent attempts is counted one by one (reading the count first and adding failures later let
 * a burst through); an attempt that succeeds gives its count back, so only failures limit it.
 */
async function spendIpAttempt(ctx: AppContext, ip: string): Promise<void> {
  if ((await ctx.limiter.hit(`login-ip:${ip}`, 60_000)) > THROTTLE.perIpPerMinute) throw tooMany();
}

const giveBackIpAttempt = (ctx: AppContext, ip: string) => ctx.limiter.release(`login-ip:${ip}`);

/** "Already registered" answers an address may get in an hour. */
export const TAKEN_PER_HOUR = 5;

/** Creates a player account and its first session; returns the access token. */
export async function register(ctx: AppContext, input: RegisterPayload, origin: Origin): Promise<string> {
  const { ip } = origin;
  await spendIpAttempt(ctx, ip);
  await consumeCaptcha(ctx, input.codeId, input.captCode, ip);
  // A right captcha is not a failure of the address.
  await giveBackIpAttempt(ctx, ip);
  assertPasswordPolicy(input.pwd);
  if (input.pwd !== input.pwd1) throw badRequest('passwordMismatch');
  if (!isValidCpf(input.cardNo)) throw badRequest('cpfInvalid');
  if (input.birthDate !== undefined) {
    if (!isAdult(input.birthDate)) throw badRequest('underage');
  } else if (ctx.config.profile === 'br-regulated') {
    throw badRequest('birthDateRequired');
  }
  const cpf = normaliseCpf(input.cardNo);
  const username = input.username;
  const limits = signupLimits(ctx, input.limits);

  let referrerId: number | null = null;
  if (input.regcode) {
    const referrer = await userIdByInviteCode(ctx.db, input.regcode.toUpperCase());
    if (referrer === undefined) throw badRequest('inviteInvalid');
    referrerId = referrer;
  }

  // Whether an e-mail or a CPF has an account is answered at most TAKEN_PER_HOUR times an hour per
  // address (spent before the look-up, given back when neither is taken), so finding out who plays
  // here costs a solved captcha per question and a new address every few (docs/security.md).
  const probe = `register-taken-ip:${ip}`;
  if ((await ctx.limiter.hit(probe, 3_600_000)) > TAKEN_PER_HOUR) throw tooMany();
  const taken = await accountHolding(ctx.db, username, cpf);
  if (taken) throw new AppError(409, taken.username === username ? 'emailTaken' : 'cpfTaken');
  await ctx.limiter.release(probe);

  const passwordHash = await hashPassword(input.pwd);
  let userId: number | undefined;
  // An invite code collision is astronomically rare, but a unique index decides, so retry on it.
  for (let attempt = 0; attempt < 5 && userId === undefined; attempt++) {
    try {
      // The limits chosen at sign-up start at once, in the same transaction as the account.
      userId = await insertAccount(
        ctx.db,
        {
          username,
          name: input.name ?? '',
          cpf,
          phone: input.phone ?? '',
          country: input.country ?? '+55',
          password_hash: passwordHash,
          yqm: inviteCode(),
          referrer_id: referrerId,
          birth_date: input.birthDate ?? null,
          // Spec 4: after registration the first-deposit offer is open.
          fp_expires_at: new Date(Date.now() + ctx.config.file.offers.firstDepositHours * 3_600_000),
          // Deposit bonuses exist only outside the regulated profile (Lei 14.790/2023).
          ...(ctx.config.profile === 'seed' && ctx.config.file.offers.payDiscount.discount > 0
            ? {
                pay_discount: ctx.config.file.offers.payDiscount.discount,
                pay_discount_expires_at: new Date(
                  Date.now() + ctx.config.file.offers.payDiscount.hours * 3_600_000,
                ),
              }
            : {}),
        },
        limits.map((l) => ({ kind: l.kind, period: 'day' as const, amount: l.amount })),
      );
    } catch (err) {
      const message = String((err as Error).message);
      if (message.includes('users_username_key')) throw new AppError(409, 'emailTaken');
      if (message.includes('users_cpf_unique')) throw new AppError(409, 'cpfTaken');
      if (!message.includes('users_yqm_key')) throw err;
    }
  }
  if (userId === undefined) throw new AppError(500, 'internal');
  return createSession(ctx, 'player', userId, origin);
}

/**
 * The daily limits a new account starts with: what the player chose; under `br-regulated` loss and
 * session-time limits are mandatory (research/brazil.md §4.8), so the configured defaults stand in
 * for any left out, and turning them off at sign-up is refused.
 */
function signupLimits(
  ctx: AppContext,
  chosen: RegisterPayload['limits'],
): Array<{ kind: 'deposit' | 'loss' | 'session'; amount: number }> {
  const regulated = ctx.config.profile === 'br-regulated';
  const defaults = ctx.config.file.signupLimits;
  const out: Array<{ kind: 'deposit' | 'loss' | 'session'; amount: number }> = [];
  if (chosen?.deposit) out.push({ kind: 'deposit', amount: Math.round(chosen.deposit * 100) });
  const loss = chosen?.loss === undefined && regulated ? defaults.loss : chosen?.loss;
  const session = chosen?.session === undefined && regulated ? defaults.session : chosen?.session;
  if (regulated && (loss === null || session === null)) throw badRequest('signupLimitsRequired');
  if (loss) out.push({ kind: 'loss', amount: Math.round(loss * 100) });
  if (session) out.push({ kind: 'session', amount: session });
  return out;
}

/**
 * Spends one attempt of an account (`login_attempt_spend`, migration 022): from the 5th failure each
 * attempt waits 2^(n−5) s (at most 300 s) after the last one, and an account takes at most 100
 * attempts an hour. The attempt counts as a failure until the password proves right, under the
 * account's row lock, so a burst of concurrent guesses is judged one by one.
 */
async function spendAccountAttempt(ctx: AppContext, username: string): Promise<void> {
  const result = await spendLoginAttempt(ctx.db, username, THROTTLE);
  if (result.status !== 'ok') throw tooMany('tooManyAttempts', { seconds: Number(result.seconds) });
}

/** Checks credentials after captcha and throttles; returns a new session token. */
export async function login(ctx: AppContext, input: LoginPayload, origin: Origin): Promise<string> {
  const { ip } = origin;
  await spendIpAttempt(ctx, ip);
  await consumeCaptcha(ctx, input.codeId, input.captCode, ip);
  await spendAccountAttempt(ctx, input.username);
  const user = await credentialsByUsername(ctx.db, input.username);
  const ok = user ? await verifyPassword(input.pwd, user.password_hash) : await verifyAgainstDummy(input.pwd);
  if (!user || !ok) throw badRequest('badCredentials');
  // The right password: neither the attempt nor the address counts as failing.
  await clearLoginThrottle(ctx.db, input.username);
  await giveBackIpAttempt(ctx, ip);
  // Right credentials, but a cool-off or self-exclusion keeps the door shut (issue 9).
  await assertNotExcluded(ctx, user.id);
  await assertSessionTimeLeft(ctx, user.id);
  return createSession(ctx, 'player', user.id, origin);
}

/** Ends the calling session. */
export async function logout(ctx: AppContext, session: SessionRef): Promise<void> {
  await revokeSessions(ctx, [session.sessionId]);
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(ctx: AppContext, session: SessionRef, oldPwd: string, nPwd: string) {
  if (!(await isPlayerPassword(ctx.db, session.subjectId, oldPwd))) {
    throw badRequest('passwordWrong');
  }
  assertPasswordPolicy(nPwd);
  await setPasswordHash(ctx.db, session.subjectId, await hashPassword(nPwd));
  await revokeSessions(ctx, await liveSessionIds(ctx, 'player', session.subjectId, session.sessionId));
}

/**
 * Step 1 of the reset: mails a six-digit code when the address has an account. The answer is the
 * same either way, so the call cannot be used to find out who plays here.
 */
export async function sendResetCode(ctx: AppContext, email: string, ip: string): Promise<void> {
  if ((await ctx.limiter.hit(`reset-ip:${ip}`, 60_000)) > 10) throw tooMany();
  if ((await ctx.limiter.hit(`reset-mail:${email}`, 15 * 60_000)) > 3) throw tooMany();
  if ((await userIdByUsername(ctx.db, email)) === undefined) return;
  const code = sixDigitCode();
  await insertResetCode(ctx.db, {
    email,
    codeHash: sha256Hex(code),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  await ctx.mailer.send({
    to: email,
    subject: 'Trevo: código para redefinir a senha',
    text: `Seu código para redefinir a senha da Trevo é ${code}. Ele vale por 15 minutos. Se você não pediu, ignore este e-mail.`,
  });
}

/**
 * Step 2: checks the code (5 tries per code, and the address's limit over every e-mail) and
 * returns a one-time check id for step 3.
 */
export async function checkResetCode(
  ctx: AppContext,
  email: string,
  code: string,
  ip: string,
): Promise<string> {
  const id = await throttledGuess(ctx, `reset-code-ip:${ip}`, CODE_CHECKS.resetCodeIp, () =>
    guessCode(ctx.db, {
      table: 'password_resets',
      owner: { column: 'email', value: email },
      guess: code,
      maxAttempts: RESET_MAX_ATTEMPTS,
      unclaimed: 'check_id_hash',
    }),
  );
  if (id === null) throw badRequest('resetCodeWrong');
  // The check id is handed out once: a second right guess racing this one finds it taken.
  const chkId = randomBytes(24).toString('base64url');
  if (!(await claimResetCheckId(ctx.db, id, sha256Hex(chkId)))) throw badRequest('resetCodeWrong');
  return chkId;
}

/** Step 3: sets the new password once per check id and ends every session of the account. */
export async function setPasswordWithCheckId(ctx: AppContext, chkId: string, nPwd: string): Promise<void> {
  assertPasswordPolicy(nPwd);
  const email = await useResetCheckId(ctx.db, sha256Hex(chkId));
  if (email === undefined) throw badRequest('resetCodeWrong');
  const userId = await setPasswordByUsername(ctx.db, email, await hashPassword(nPwd));
  if (userId === undefined) throw badRequest('resetCodeWrong');
  await revokeSessions(ctx, await liveSessionIds(ctx, 'player', userId));
}

/** A one-time code (60 s) that `/zgo{code}` exchanges for a session, so tokens never go in URLs. */
export async function createHandoff(ctx: AppContext, session: SessionRef): Promise<string> {
  const code = newToken();
  await insertHandoff(ctx.db, {
    codeHash: sha256Hex(code),
    userId: session.subjectId,
    sessionId: session.sessionId,
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return code;
}

/**
 * Exchanges a hand-off code once for a new session token, while the session that made it is still
 * live, and under the same rules as a login (exclusions, the daily session-time limit).
 */
export async function exchangeHandoff(ctx: AppContext, code: string, origin: Origin): Promise<string> {
  const userId = await useHandoff(ctx.db, sha256Hex(code));
  if (userId === undefined) throw badRequest('handoffInvalid');
  await assertNotExcluded(ctx, userId);
  await assertSessionTimeLeft(ctx, userId);
  return createSession(ctx, 'player', userId, origin);
}
