import { z } from 'zod';

/** Every text field has an upper bound so a megabyte string is refused before it reaches storage. */
export const shortText = (max = 128) => z.string().trim().max(max, { message: 'tooLong' });

/**
 * A captcha answer: the local picture's few characters, or a hosted challenge's token (Turnstile's
 * and hCaptcha's run to about 2,000 characters).
 */
export const CAPTCHA_ANSWER_MAX = 4096;

/**
 * Numbers are taken as they are sent, never coerced (trust issue, finding 7: `"50"`, `[50]` and
 * `"3 "` passed for a number). A JSON body field must be a JSON number; a query-string or path value
 * is text, and must be a plain decimal — no spaces, signs, hex, exponents or empty string.
 */
export const jsonNumber = (message = 'invalidInput') => z.number({ message }).finite({ message });
export const jsonInt = (message = 'invalidInput') => jsonNumber(message).int({ message });

/**
 * An amount of BRL in a JSON body: a positive number of whole centavos (`10`, `0.5`, `12.34`),
 * never a fraction of a centavo that storing in centavos would round away (`0.001`, `1.005`).
 */
export const jsonBrl = (message = 'invalidInput') =>
  jsonNumber(message).refine(
    (v) => {
      const cents = Math.round(v * 100);
      return cents >= 1 && Math.abs(v * 100 - cents) < 1e-6;
    },
    { message },
  );

/** A whole number written in a query string or a path (`7`, `120`), then checked as a number. */
export const textInt = (message = 'invalidInput') =>
  z
    .string({ message })
    .regex(/^(0|[1-9]\d{0,9})$/, { message })
    .transform(Number);

/** A database row id in a path or query (`7`; never ` 7`, `07`, `7.0`, `0x7`). */
export const recordId = () =>
  textInt().pipe(
    z
      .number()
      .int()
      .positive({ message: 'invalidInput' })
      .max(2 ** 31 - 1, { message: 'invalidInput' }),
  );

/** A decimal written in a query string (`0.01`, `2`), then checked as a number. */
export const textDecimal = (message = 'invalidInput') =>
  z
    .string({ message })
    .regex(/^(0|[1-9]\d{0,9})(\.\d{1,6})?$/, { message })
    .transform(Number);

/** A page number or size in a query string: a plain decimal within bounds, or the default. */
export const pageParam = (max: number, fallback: number) =>
  textInt()
    .pipe(z.number().min(1).max(max))
    .optional()
    .transform((v) => v ?? fallback);

/** A 0/1 flag a form sends as text, or JSON as a number. */
export const flag01 = z
  .union([z.string(), z.number().int()], { message: 'invalidInput' })
  .transform(String)
  .pipe(z.string().regex(/^[01]$/, { message: 'invalidInput' }));

/** A captcha id: the client's random integer below 100,000,000 (section 9), as text or number. */
export const codeIdSchema = z
  .union([z.string(), z.number().int().nonnegative()], { message: 'captchaWrong' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,8}$/, { message: 'captchaWrong' }));

/** The envelope every JSON answer uses (ARCHITECTURE.md). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), message: z.string(), data });

/**
 * Characters that show nothing: control characters (line breaks and tabs aside), zero-width spaces
 * and joiners, the word joiner, the byte-order mark, soft hyphens, bidirectional marks and
 * isolates, Hangul fillers, variation selectors and tag characters (red-team review: each passed
 * as text that looked empty). A reason made of them looks empty to whoever reads it.
 */
export const INVISIBLE =
  // Finding control and combining characters is this pattern's purpose.
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDC7F]/g;

/**
 * Why an operator decided something (a refusal, a lock, a case closed): the player or the audit
 * reads it, so it must say something — at least `min` visible letters once invisible characters
 * and outer spaces are gone (red-team review: five zero-width spaces passed as a reason).
 */
export const reasonText = (min: number, max: number) =>
  z
    .string({ message: 'reasonRequired' })
    // The length bound is the text as sent (so the API's readers see it); the minimum, what shows.
    .max(max, { message: 'tooLong' })
    .transform((text) => text.replace(INVISIBLE, '').trim())
    .pipe(z.string().min(min, { message: 'reasonRequired' }));
