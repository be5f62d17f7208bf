import { z } from 'zod/mini';

/*
 * The schemas a visitor's first page reads are written with Zod's tree-shakable `zod/mini` API
 * (functions and `.check(...)` instead of methods), so the first page carries the few parts it
 * uses rather than all of Zod (issue 18: a first page under 180 kB). The rules are the same
 * objects classic Zod builds; server code may wrap them in classic schemas.
 */

/** Every text field has an upper bound so a megabyte string is refused before it reaches storage. */
export const shortText = (max = 128) => z.string().check(z.trim(), z.maxLength(max, { message: 'tooLong' }));

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
export const jsonNumber = (message = 'invalidInput') => z.number({ message });
export const jsonInt = (message = 'invalidInput') => z.int({ message });

/**
 * An amount of BRL in a JSON body: a positive number of whole centavos (`10`, `0.5`, `12.34`),
 * never a fraction of a centavo that storing in centavos would round away (`0.001`, `1.005`).
 */
export const jsonBrl = (message = 'invalidInput') =>
  jsonNumber(message).check(
    z.refine(
      (v) => {
        const cents = Math.round(v * 100);
        return cents >= 1 && Math.abs(v * 100 - cents) < 1e-6;
      },
      { message },
    ),
  );

/** A whole number written in a query string or a path (`7`, `120`), then checked as a number. */
export const textInt = (message = 'invalidInput') =>
  z.pipe(z.string({ message }).check(z.regex(/^(0|[1-9]\d{0,9})$/, { message })), z.transform(Number));

/** A database row id in a path or query (`7`; never ` 7`, `07`, `7.0`, `0x7`). */
export const recordId = () =>
  z.pipe(
    textInt(),
    z
      .int()
      .check(z.positive({ message: 'invalidInput' }), z.maximum(2 ** 31 - 1, { message: 'invalidInput' })),
  );

/** A decimal written in a query string (`0.01`, `2`), then checked as a number. */
export const textDecimal = (message = 'invalidInput') =>
  z.pipe(
    z.string({ message }).check(z.regex(/^(0|[1-9]\d{0,9})(\.\d{1,6})?$/, { message })),
    z.transform(Number),
  );

/** A page number or size in a query string: a plain decimal within bounds, or the default. */
export const pageParam = (max: number, fallback: number) =>
  z.pipe(
    z.optional(z.pipe(textInt(), z.number().check(z.minimum(1), z.maximum(max)))),
    z.transform((v: number | undefined) => v ?? fallback),
  );

/** A 0/1 flag a form sends as text, or JSON as a number. */
export const flag01 = z.pipe(
  z.pipe(z.union([z.string(), z.int()], { message: 'invalidInput' }), z.transform(String)),
  z.string().check(z.regex(/^[01]$/, { message: 'invalidInput' })),
);

/** A captcha id: the client's random integer below 100,000,000 (section 9), as text or number. */
export const codeIdSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.int().check(z.nonnegative())], { message: 'captchaWrong' }),
    z.transform(String),
  ),
  z.string().check(z.regex(/^\d{1,8}$/, { message: 'captchaWrong' })),
);

/** The envelope every JSON answer uses (ARCHITECTURE.md). */
export const envelopeSchema = <T extends z.core.$ZodType>(data: T) =>
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
  z.pipe(
    z.pipe(
      // The length bound is the text as sent (so the API's readers see it); the minimum, what shows.
      z.string({ message: 'reasonRequired' }).check(z.maxLength(max, { message: 'tooLong' })),
      z.transform((text: string) => text.replace(INVISIBLE, '').trim()),
    ),
    z.string().check(z.minLength(min, { message: 'reasonRequired' })),
  );
