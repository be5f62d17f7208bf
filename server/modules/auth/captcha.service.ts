import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../infra/http/errors';
import { sameDigest, sha256Hex } from '../../infra/security/tokens';

/** Answers are single-use and expire after 2 minutes (API.md). */
const CAPTCHA_TTL_MS = 2 * 60_000;
/** No look-alikes (0/o, 1/l/i, 9/g) so a player is not failed by the font. */
const ALPHABET = 'abcdefhkmnprstuvwxyz2345678';

const normalise = (answer: string) => answer.trim().toLowerCase();

/** Issues a new answer for `codeId` (replacing any earlier one) and returns it. */
export async function issueCaptcha(ctx: AppContext, codeId: string): Promise<string> {
  let answer = ctx.config.captchaFixed ?? '';
  if (!answer) for (let i = 0; i < 4; i++) answer += ALPHABET[randomInt(0, ALPHABET.length)];
  const values = {
    code_id: codeId,
    answer_hash: sha256Hex(normalise(answer)),
    expires_at: new Date(Date.now() + CAPTCHA_TTL_MS),
  };
  await ctx.db
    .insertInto('captchas')
    .values(values)
    .onConflict((oc) =>
      oc.column('code_id').doUpdateSet({ answer_hash: values.answer_hash, expires_at: values.expires_at }),
    )
    .execute();
  // Expired answers are useless; clearing them here keeps the table small without a scheduler.
  await ctx.db
    .deleteFrom('captchas')
    .where('expires_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
  return answer;
}

/**
 * Consumes the answer bound to `codeId`: it is deleted whether right or wrong, so each image
 * allows exactly one try. Throws 400 on a missing, expired or wrong answer.
 */
export async function consumeCaptcha(ctx: AppContext, codeId: string, answer: string): Promise<void> {
  const row = await ctx.db
    .deleteFrom('captchas')
    .where('code_id', '=', codeId)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row) throw badRequest('captchaWrong');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw badRequest('captchaExpired');
  if (!sameDigest(row.answer_hash, sha256Hex(normalise(answer)))) throw badRequest('captchaWrong');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Draws the answer as an SVG with jittered glyphs and noise lines. */
export function captchaSvg(answer: string): string {
  const width = 120;
  const height = 44;
  const rnd = (min: number, max: number) => min + randomInt(0, Math.max(1, max - min));
  const lines = Array.from({ length: 5 }, () => {
    const hue = rnd(0, 360);
    return `<path d="M${rnd(0, 20)} ${rnd(4, 40)} Q${rnd(30, 90)} ${rnd(0, 44)} ${rnd(100, 120)} ${rnd(4, 40)}" stroke="hsl(${hue},60%,55%)" stroke-width="${rnd(1, 3)}" fill="none"/>`;
  }).join('');
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = 10 + Math.round((i * 100) / answer.length);
      const y = rnd(28, 36);
      const rotate = rnd(-25, 25);
      const hue = rnd(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue},70%,35%)" font-size="${rnd(24, 30)}" font-family="monospace" font-weight="bold">${escapeXml(ch)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f1e8"/>${lines}${glyphs}</svg>`;
}
