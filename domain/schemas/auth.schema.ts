import { z } from 'zod/mini';
import { CAPTCHA_ANSWER_MAX, codeIdSchema, jsonBrl, shortText } from './common.schema';

/**
 * Payloads of the account calls (spec sections 3 and 7, API.md). Messages are keys of
 * `domain/messages.ts`; the server translates them into the request's language.
 */

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, { message: 'tooLong' })),
  z.email({ message: 'emailInvalid' }),
);

/** The password is checked by `passwordProblem` too; here only its type and a hard cap. */
const passwordSchema = z.string().check(z.maxLength(256, { message: 'passwordLength' }));

export const loginSchema = z.strictObject({
  username: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { message: 'badCredentials' }),
      z.maxLength(254, { message: 'tooLong' }),
    ),
  pwd: passwordSchema.check(z.minLength(1, { message: 'badCredentials' })),
  codeId: codeIdSchema,
  captCode: shortText(CAPTCHA_ANSWER_MAX).check(z.minLength(1, { message: 'captchaMissing' })),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const registerSchema = z.strictObject({
  name: z.optional(shortText(80)),
  cardNo: shortText(20),
  username: emailSchema,
  country: z.optional(shortText(8)),
  phone: z.optional(shortText(20).check(z.regex(/^[\d\s()+-]*$/, { message: 'invalidInput' }))),
  pwd: passwordSchema,
  pwd1: passwordSchema,
  regcode: z.optional(shortText(16)),
  codeId: codeIdSchema,
  captCode: shortText(CAPTCHA_ANSWER_MAX).check(z.minLength(1, { message: 'captchaMissing' })),
  birthDate: z.optional(z.iso.date({ message: 'invalidInput' })),
  /**
   * Daily limits chosen at sign-up: BRL for deposit and loss, minutes for session time; null sets
   * none. Left out, the configured defaults apply where the profile requires them.
   */
  limits: z.optional(
    z.strictObject({
      deposit: z.optional(
        z.nullable(
          jsonBrl('limitAmountInvalid').check(z.maximum(1_000_000, { message: 'limitAmountInvalid' })),
        ),
      ),
      loss: z.optional(
        z.nullable(
          jsonBrl('limitAmountInvalid').check(z.maximum(1_000_000, { message: 'limitAmountInvalid' })),
        ),
      ),
      session: z.optional(
        z.nullable(
          z
            .int({ message: 'limitSessionInvalid' })
            .check(
              z.minimum(1, { message: 'limitSessionInvalid' }),
              z.maximum(1440, { message: 'limitSessionInvalid' }),
            ),
        ),
      ),
    }),
  ),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

export const sendEmailSchema = z.strictObject({ email: emailSchema });
export const checkEmailSchema = z.strictObject({
  email: emailSchema,
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { message: 'resetCodeWrong' })),
});
export const setPwdSchema = z.strictObject({
  nPwd: passwordSchema,
  chkId: shortText(64).check(z.minLength(1, { message: 'resetIncomplete' })),
});
export const changePwdSchema = z.strictObject({ oldPwd: passwordSchema, nPwd: passwordSchema });
export const handoffSchema = z.strictObject({
  code: shortText(64).check(z.minLength(8, { message: 'handoffInvalid' })),
});
export const operatorLoginSchema = z.strictObject({
  username: shortText(64).check(z.minLength(1, { message: 'badCredentials' })),
  pwd: passwordSchema.check(z.minLength(1, { message: 'badCredentials' })),
  totp: z.optional(z.string().check(z.regex(/^\d{6}$/))),
});

/** `GET /api/auth/user/captchaProvider`: which challenge the forms show. */
export const captchaProviderSchema = z.object({
  provider: z.enum(['local', 'turnstile', 'hcaptcha']),
  /** The hosted widget's public site key; null for Trevo's own picture. */
  siteKey: z.nullable(z.string()),
});
export type CaptchaProvider = z.infer<typeof captchaProviderSchema>;

// ---- answers of the account calls (the routes declare them; the client reads them) ----

/**
 * `restRegister`, `restLogin` and `handoff`: the new session's token, sent back as
 * `Authorization: Bearer …` (or bare, as the original client does).
 */
export const sessionTokenSchema = z.object({ access_token: z.string().check(z.minLength(1)) });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** `RESETPWD/checkEmail`: the one-time check id that authorises `setPwd` (step 3 of the reset). */
export const resetCheckIdSchema = z.string().check(z.minLength(1));
export type ResetCheckId = z.infer<typeof resetCheckIdSchema>;

/** `handoff/create`: a one-time code (valid for a minute) that `/zgo{code}` exchanges for a session. */
export const handoffCodeSchema = z.object({ code: z.string().check(z.minLength(1)) });
export type HandoffCode = z.infer<typeof handoffCodeSchema>;
