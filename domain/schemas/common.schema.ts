import { z } from 'zod';

/** Every text field has an upper bound so a megabyte string is refused before it reaches storage. */
export const shortText = (max = 128) => z.string().trim().max(max, { message: 'tooLong' });

/** A captcha id: the client's random integer below 100,000,000 (section 9), as text or number. */
export const codeIdSchema = z.coerce.string().regex(/^\d{1,8}$/, { message: 'captchaWrong' });

/** The envelope every JSON answer uses (ARCHITECTURE.md). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), message: z.string(), data });
