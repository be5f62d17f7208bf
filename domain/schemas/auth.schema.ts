import { z } from 'zod';
import { CAPTCHA_ANSWER_MAX, codeIdSchema, jsonBrl, shortText } from './common.schema';

/**
 * Payloads of the account calls (spec sections 3 and 7, API.md). Messages are keys of
 * `domain/messages.ts`; the server translates them into the request's language.
 */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: 'tooLong' })
  .pipe(z.email({ message: 'emailInvalid' }));

/** The password is checked by `passwordProblem` too; here only its type and a hard cap. */
const passwordSchema = z.string().max(256, { message: 'passwordLength' });

export const loginSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'badCredentials' })
    .max(254, { message: 'tooLong' }),
  pwd: passwordSchema.min(1, { message: 'badCredentials' }),
  codeId: codeIdSchema,
  captCode: shortText(CAPTCHA_ANSWER_MAX).min(1, { message: 'captchaMissing' }),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const registerSchema = z.strictObject({
  name: shortText(80).optional(),
  cardNo: shortText(20),
  username: emailSchema,
  country: shortText(8).optional(),
  phone: shortText(20)
    .regex(/^[\d\s()+-]*$/, { message: 'invalidInput' })
    .optional(),
  pwd: passwordSchema,
  pwd1: passwordSchema,
  regcode: shortText(16).optional(),
  codeId: codeIdSchema,
  captCode: shortText(CAPTCHA_ANSWER_MAX).min(1, { message: 'captchaMissing' }),
  birthDate: z.iso.date({ message: 'invalidInput' }).optional(),
  /**
   * Daily limits chosen at sign-up: BRL for deposit and loss, minutes for session time; null sets
   * none. Left out, the configured defaults apply where the profile requires them.
   */
  limits: z
    .strictObject({
      deposit: jsonBrl('limitAmountInvalid')
        .max(1_000_000, { message: 'limitAmountInvalid' })
        .nullable()
        .optional(),
      loss: jsonBrl('limitAmountInvalid')
        .max(1_000_000, { message: 'limitAmountInvalid' })
        .nullable()
        .optional(),
      session: z
        .number({ message: 'limitSessionInvalid' })
        .int({ message: 'limitSessionInvalid' })
        .min(1, { message: 'limitSessionInvalid' })
        .max(1440, { message: 'limitSessionInvalid' })
        .nullable()
        .optional(),
    })
    .optional(),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

export const sendEmailSchema = z.strictObject({ email: emailSchema });
export const checkEmailSchema = z.strictObject({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'resetCodeWrong' }),
});
export const setPwdSchema = z.strictObject({
  nPwd: passwordSchema,
  chkId: shortText(64).min(1, { message: 'resetIncomplete' }),
});
export const changePwdSchema = z.strictObject({ oldPwd: passwordSchema, nPwd: passwordSchema });
export const handoffSchema = z.strictObject({ code: shortText(64).min(8, { message: 'handoffInvalid' }) });
export const operatorLoginSchema = z.strictObject({
  username: shortText(64).min(1, { message: 'badCredentials' }),
  pwd: passwordSchema.min(1, { message: 'badCredentials' }),
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** `GET /api/auth/user/captchaProvider`: which challenge the forms show. */
export const captchaProviderSchema = z.object({
  provider: z.enum(['local', 'turnstile', 'hcaptcha']),
  /** The hosted widget's public site key; null for Trevo's own picture. */
  siteKey: z.string().nullable(),
});
export type CaptchaProvider = z.infer<typeof captchaProviderSchema>;

// ---- answers of the account calls (the routes declare them; the client reads them) ----

/**
 * `restRegister`, `restLogin` and `handoff`: the new session's token, sent back as
 * `Authorization: Bearer …` (or bare, as the original client does).
 */
export const sessionTokenSchema = z.object({ access_token: z.string().min(1) });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** `RESETPWD/checkEmail`: the one-time check id that authorises `setPwd` (step 3 of the reset). */
export const resetCheckIdSchema = z.string().min(1);
export type ResetCheckId = z.infer<typeof resetCheckIdSchema>;

/** `handoff/create`: a one-time code (valid for a minute) that `/zgo{code}` exchanges for a session. */
export const handoffCodeSchema = z.object({ code: z.string().min(1) });
export type HandoffCode = z.infer<typeof handoffCodeSchema>;
