import { z } from 'zod';
import { allow, PUBLIC, PLAYER } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { originOf } from '../../platform/sessions';
import { notFound, parseInput, tooMany } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { codeIdSchema } from '../../../domain/schemas/common.schema';
import {
  captchaProviderSchema,
  changePwdSchema,
  checkEmailSchema,
  handoffCodeSchema,
  handoffSchema,
  loginSchema,
  registerSchema,
  resetCheckIdSchema,
  sendEmailSchema,
  sessionTokenSchema,
  setPwdSchema,
} from '../../../domain/schemas/auth.schema';
import { captchaPng, issueCaptcha } from './captcha.service';
import * as auth from './auth.service';

/** Account calls of spec section 7 and API.md "Account and site". */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { codeId: string } }>(
    '/api/auth/user/captcha/:codeId',
    allow(PUBLIC, { params: z.object({ codeId: codeIdSchema }) }),
    async (request, reply) => {
      // With a hosted challenge the picture is not an answer the server accepts.
      if (ctx.config.captcha.provider !== 'local') throw notFound();
      if ((await ctx.limiter.hit(`captcha-ip:${request.ip}`, 60_000)) > 60) throw tooMany();
      const codeId = parseInput(codeIdSchema, request.params.codeId);
      const answer = await issueCaptcha(ctx, codeId);
      return reply.header('cache-control', 'no-store').type('image/png').send(captchaPng(answer));
    },
  );

  // Which challenge the forms show: Trevo's picture, or a hosted widget with its public site key.
  app.get(
    '/api/auth/user/captchaProvider',
    allow(PUBLIC, { response: captchaProviderSchema }),
    async (request, reply) => {
      const { captcha } = ctx.config;
      return ok(request, reply, {
        provider: captcha.provider,
        siteKey: captcha.provider === 'local' ? null : captcha.siteKey,
      });
    },
  );

  app.post(
    '/api/auth/user/restRegister',
    allow(PUBLIC, { body: registerSchema, response: sessionTokenSchema }),
    async (request, reply) => {
      const input = parseInput(registerSchema, request.body);
      const token = await auth.register(ctx, input, originOf(request));
      return ok(request, reply, { access_token: token });
    },
  );

  app.post(
    '/api/auth/user/restLogin',
    allow(PUBLIC, { body: loginSchema, response: sessionTokenSchema }),
    async (request, reply) => {
      const input = parseInput(loginSchema, request.body);
      const token = await auth.login(ctx, input, originOf(request));
      return ok(request, reply, { access_token: token });
    },
  );

  app.post(
    '/api/auth/user/handoff',
    allow(PUBLIC, { body: handoffSchema, response: sessionTokenSchema }),
    async (request, reply) => {
      const { code } = parseInput(handoffSchema, request.body);
      return ok(request, reply, { access_token: await auth.exchangeHandoff(ctx, code, originOf(request)) });
    },
  );

  app.post(
    '/api/app/main/RESETPWD/sendEmail',
    allow(PUBLIC, { body: sendEmailSchema, response: z.null() }),
    async (request, reply) => {
      const { email } = parseInput(sendEmailSchema, request.body);
      await auth.sendResetCode(ctx, email, request.ip);
      return ok(request, reply, null, 'resetSent');
    },
  );

  app.post(
    '/api/app/main/RESETPWD/checkEmail',
    allow(PUBLIC, { body: checkEmailSchema, response: resetCheckIdSchema }),
    async (request, reply) => {
      const { email, code } = parseInput(checkEmailSchema, request.body);
      return ok(request, reply, await auth.checkResetCode(ctx, email, code, request.ip));
    },
  );

  app.post(
    '/api/app/main/setPwd',
    allow(PUBLIC, { body: setPwdSchema, response: z.null() }),
    async (request, reply) => {
      const { chkId, nPwd } = parseInput(setPwdSchema, request.body);
      await auth.setPasswordWithCheckId(ctx, chkId, nPwd);
      return ok(request, reply, null, 'resetDone');
    },
  );

  // Calls that need a logged-in player.
  app.register(async (scope) => {
    scope.post('/api/auth/user/logout', allow(PLAYER, { response: z.null() }), async (request, reply) => {
      await auth.logout(ctx, request.session!);
      return ok(request, reply);
    });

    scope.post(
      '/api/auth/user/handoff/create',
      allow(PLAYER, { response: handoffCodeSchema }),
      async (request, reply) => {
        return ok(request, reply, { code: await auth.createHandoff(ctx, request.session!) });
      },
    );

    scope.post(
      '/api/app/user/changePwd',
      allow(PLAYER, { body: changePwdSchema, response: z.null() }),
      async (request, reply) => {
        const { oldPwd, nPwd } = parseInput(changePwdSchema, request.body);
        await auth.changePassword(ctx, request.session!, oldPwd, nPwd);
        return ok(request, reply, null, 'passwordChanged');
      },
    );
  });
}
