/** Identity rules: CPF/CNPJ check digits, password policy, e-mail suggestions. */

function digitsOf(value: string): number[] {
  return value
    .replace(/[.\-/\s]/g, '')
    .split('')
    .map(Number);
}

/** A CPF is 11 digits (punctuation allowed) with two valid check digits and not all digits equal. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value)) return false;
  const d = digitsOf(value);
  if (d.every((x) => x === d[0])) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10];
}

/** A CNPJ is 14 digits (punctuation allowed) with two valid check digits and not all digits equal. */
export function isValidCnpj(value: string): boolean {
  if (!/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(value)) return false;
  const d = digitsOf(value);
  if (d.every((x) => x === d[0])) return false;
  const check = (len: number) => {
    const weights =
      len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * d[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === d[12] && check(13) === d[13];
}

/** CPF stored as its 11 digits. */
export function normaliseCpf(value: string): string {
  return value.replace(/\D/g, '');
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Passwords that appear at the top of every breach list (8+ characters, lower-cased). Refused at
 * sign-up, reset and change (security.md, OWASP ASVS 5.0 §6.2).
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '11111111',
  '00000000',
  '88888888',
  '87654321',
  '123123123',
  '11223344',
  '12341234',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'iloveyou',
  'sunshine',
  'football',
  'baseball',
  'princess',
  'welcome1',
  'abc12345',
  'abcd1234',
  'asdfghjk',
  'zaq12wsx',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'michelle',
  'corinthians',
  'flamengo',
  'palmeiras',
  'saopaulo',
  'vasco123',
  'gremio123',
  'brasil123',
  'brasil2026',
  'senha123',
  'senha1234',
  'mudar123',
  'mudar@123',
  'minhasenha',
  'flamengo1',
  'corinthians1',
  'palmeiras1',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'a1b2c3d4',
  'admin123',
  'administrator',
  'letmein1',
  'changeme',
  'trevo123',
  'trevo2026',
  'aaaaaaaa',
  'qqqqqqqq',
  '147258369',
  '123qweasd',
  'qweasdzxc',
  '1qaz2wsx',
  'monkey123',
  'dragon123',
  'master123',
  'shadow123',
]);

export type PasswordProblem = 'length' | 'common';

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'common';
  return null;
}

/** Mail domains suggested while a player types an e-mail (section 5). */
export const MAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'icloud.com',
  'uol.com.br',
  'bol.com.br',
];

/** Completions for a partly typed e-mail: "ana@g" → ["ana@gmail.com"]. */
export function suggestEmails(typed: string): string[] {
  const at = typed.indexOf('@');
  if (!typed || at === 0) return [];
  const local = at < 0 ? typed : typed.slice(0, at);
  const partial = at < 0 ? '' : typed.slice(at + 1).toLowerCase();
  return MAIL_DOMAINS.filter((d) => d.startsWith(partial) && d !== partial).map((d) => `${local}@${d}`);
}

/** The minimum age to play (spec S1.1, S9.9). */
export const MINIMUM_AGE = 18;

/** Today's date (`YYYY-MM-DD`) in São Paulo, where a Brazilian player's birthday turns. */
export function saoPauloDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}

/** Completed years between a `YYYY-MM-DD` birth date and `today` (also `YYYY-MM-DD`). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether someone born on `birthDate` is of age today in São Paulo. */
export function isAdult(birthDate: string, now: Date = new Date()): boolean {
  return ageOn(birthDate, saoPauloDate(now)) >= MINIMUM_AGE;
}
