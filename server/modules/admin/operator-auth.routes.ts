import { allow, operator, PUBLIC, ROLES } from '../../platform/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openSecret, sealSecret } from '../../infra/security/secret-box';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, forbidden, parseInput, tooMany } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { operatorLoginSchema } from '../../../domain/schemas/auth.schema';
import {
  operatorLoginAnswerSchema,
  operatorMeSchema,
  totpEnrolmentSchema,
  totpEnrolSchema,
} from '../../../domain/schemas/operator.schema';
import { noDataSchema } from '../../../domain/schemas/back-office.schema';
import { verifyAgainstDummy, verifyPassword } from '../../infra/security/passwords';
import { createSession, originOf, revokeSessions } from '../../platform/sessions';
import { recordAudit } from '../../platform/audit-trail';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import {
  acceptTotpStep,
  completeOperatorLogin,
  findOperatorCredentials,
  findOperatorProfile,
  storePendingTotpSecret,
  storeSealedTotpSecret,
} from './operators.repository';

/** Login throttle per IP: this many failures a minute. */
const LOGIN_FAILURES_PER_MINUTE = 10;
/** Wrong authenticator codes an operator account may send in a day (then an admin resets it). */
const TOTP_FAILURES_PER_DAY = 20;

/**
 * Checks username and password with the per-IP and per-account throttles; unknown user and wrong
 * password answer the same. Every attempt spends its count before it is judged (as the players'
 * login does), so a burst of concurrent guesses is judged only up to the cap; `succeeded` gives the
 * attempt back once the password (and the code, if one was sent) proved right. Returns the row.
 */
async function checkPassword(ctx: AppContext, request: FastifyRequest, username: string, pwd: string) {
  // Per IP and per account (security.md): spreading guesses over many addresses does not help.
  const keys = [`admin-login-ip:${request.ip}`, `admin-login-user:${username.toLowerCase()}`];
  for (const key of keys) {
    if ((await ctx.limiter.hit(key, 60_000)) > LOGIN_FAILURES_PER_MINUTE) throw tooMany();
  }
  const row = await findOperatorCredentials(ctx.db, username);
  // TOTP seeds are sealed in the database (security/secret-box.ts); only this process opens them.
  const operator = row && {
    ...row,
    sealed: row.totp_secret?.startsWith('v1.') ?? true,
    totp_secret: row.totp_secret && openSecret(ctx.config.secretKey, row.totp_secret),
    totp_pending_secret: row.totp_pending_secret && openSecret(ctx.config.secretKey, row.totp_pending_secret),
  };
  const valid = operator ? await verifyPassword(pwd, operator.password_hash) : await verifyAgainstDummy(pwd);
  if (!operator || !valid) throw badRequest('badCredentials');
  // Said only to whoever knows the password: a disabled account is not an oracle for usernames.
  if (operator.disabled_at) throw forbidden('operatorDisabled');
  const succeeded = async () => {
    for (const key of keys) await ctx.limiter.release(key);
  };
  return { operator, succeeded };
}

/**
 * Accepts a code for `secret` once: the step it matches must be later than the last accepted one,
 * and the guarded update makes two concurrent logins with the same code accept only one.
 */
async function consumeTotp(ctx: AppContext, operatorId: number, secret: string, code: string) {
  const step = matchTotp(secret, code);
  if (step === null) return false;
  return acceptTotpStep(ctx.db, operatorId, step);
}

/** What the sign-in calls read and answer. */
const LOGIN = { body: operatorLoginSchema, response: operatorLoginAnswerSchema };
const ENROL = { body: totpEnrolSchema, response: totpEnrolmentSchema };
const ME = { response: operatorMeSchema };
const LOGOUT = { response: noDataSchema };

/** The console's sign-in: password, authenticator enrolment and codes, the session, sign-out. */
export async function operatorAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin/auth/login', allow(PUBLIC, LOGIN), async (request, reply) => {
    const input = parseInput(operatorLoginSchema, request.body);
    const { operator, succeeded } = await checkPassword(ctx, request, input.username, input.pwd);
    let enrolled = false;
    if (operator.totp_secret) {
      if (!input.totp) {
        // The right password, the code still to come: not a failed attempt.
        await succeeded();
        throw badRequest('totpRequired');
      }
      // A wrong code keeps its spent attempts: per minute (above) and per day, so someone who has
      // the password cannot walk the million codes (10 a minute alone would be 14,400 a day).
      const daily = `admin-totp-user:${operator.id}`;
      if ((await ctx.limiter.hit(daily, 86_400_000)) > TOTP_FAILURES_PER_DAY) throw tooMany();
      if (!(await consumeTotp(ctx, operator.id, operator.totp_secret, input.totp))) {
        throw badRequest('totpInvalid');
      }
      await ctx.limiter.release(daily);
      // A seed stored before sealing existed is sealed now.
      if (!operator.sealed) {
        await storeSealedTotpSecret(
          ctx.db,
          operator.id,
          sealSecret(ctx.config.secretKey, operator.totp_secret),
        );
      }
    } else if (input.totp && operator.totp_pending_secret) {
      // The first code from a new authenticator confirms its enrolment.
      if (!(await consumeTotp(ctx, operator.id, operator.totp_pending_secret, input.totp))) {
        throw badRequest('totpInvalid');
      }
      enrolled = true;
    } else if (ctx.config.operatorTotp === 'required') {
      await succeeded();
      throw badRequest('totpEnrolRequired');
    }
    await succeeded();
    const token = await createSession(ctx, 'operator', operator.id, originOf(request));
    const enrolledSecret = enrolled ? sealSecret(ctx.config.secretKey, operator.totp_pending_secret!) : null;
    await completeOperatorLogin(ctx.db, operator.id, enrolledSecret, async (trx) => {
      if (enrolled) {
        await recordAudit(trx, {
          actorId: operator.id,
          action: 'operator.totp.enrol',
          object: `operator:${operator.id}`,
          before: { totp: false },
          after: { totp: true },
          requestId: String(request.id),
        });
      }
      await recordAudit(trx, {
        actorId: operator.id,
        action: 'operator.login',
        object: `operator:${operator.id}`,
        before: null,
        after: { ip: request.ip, totp: Boolean(input.totp) },
        requestId: String(request.id),
      });
    });
    return ok(request, reply, { access_token: token, role: operator.role });
  });

  // Enrolment starts with the password; the secret is shown this once, and the first login with a
  // code from it confirms it. After that it is never returned again (reset by an admin only).
  app.post('/api/admin/auth/totp/enrol', allow(PUBLIC, ENROL), async (request, reply) => {
    const input = parseInput(totpEnrolSchema, request.body);
    const { operator, succeeded } = await checkPassword(ctx, request, input.username, input.pwd);
    await succeeded();
    if (operator.totp_secret) throw new AppError(409, 'totpAlreadyEnrolled');
    const secret = newTotpSecret();
    await storePendingTotpSecret(ctx.db, operator.id, sealSecret(ctx.config.secretKey, secret));
    return ok(request, reply, { secret, otpauthUri: otpauthUri(secret, operator.username) });
  });

  app.get('/api/admin/auth/me', allow(operator(ROLES.any), ME), async (request, reply) => {
    const me = await findOperatorProfile(ctx.db, request.session!.subjectId);
    return ok(request, reply, {
      id: me.id,
      username: me.username,
      role: me.role,
      totpEnrolled: me.totp_enrolled_at !== null,
    });
  });

  app.post('/api/admin/auth/logout', allow(operator(ROLES.any), LOGOUT), async (request, reply) => {
    await revokeSessions(ctx, [request.session!.sessionId]);
    return ok(request, reply);
  });
}
