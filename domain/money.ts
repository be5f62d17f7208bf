/**
 * Money is integer centavos inside Trevo. On the wire an amount is a BRL number or plain decimal
 * string with at most two decimals (API.md "Amounts"); everything else is refused.
 */

/** Largest amount Trevo accepts anywhere, in centavos (R$ 1.000.000.000,00); keeps sums far below 2^53. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

const PLAIN_DECIMAL = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

export type AmountParse = { ok: true; cents: number } | { ok: false; reason: 'format' | 'range' };

/**
 * Parses a wire amount into centavos. Accepts `12`, `12.5`, `"12.50"`; refuses exponents, hex, signs,
 * spaces, NaN, Infinity, more than two decimals, zero, and anything above `maxCents`.
 */
export function parseAmount(input: unknown, maxCents = MAX_AMOUNT_CENTS): AmountParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    // A JS number prints in its shortest round-trip form, so 0.1 is "0.1" and 1e21 has an exponent.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, reason: 'format' };
  }
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').slice(1).padEnd(2, '0');
  const cents = whole * 100 + Number(fraction || '0');
  if (cents <= 0 || cents > maxCents) return { ok: false, reason: 'range' };
  return { ok: true, cents };
}

/** Centavos to the wire's BRL number (two decimals at most). */
export function centsToBrl(cents: number): number {
  return Math.round(cents) / 100;
}

const brl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "R$ 1.234,56": two decimals in the Brazilian locale, as the specification shows money. */
export function formatBrl(cents: number): string {
  return `R$ ${brl.format(cents / 100)}`;
}

/**
 * An amount the way the limit messages write it ("O valor mínimo de saque é R$ 50."): whole reais
 * without decimals, otherwise two decimals with a comma ("12,50"). Client and server share it so
 * the client's own checks print exactly what the server would.
 */
export function plainBrl(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
}

/**
 * A number in a message, two decimals with the Brazilian comma and no grouping: "0,10", "1,86".
 * Stakes, limits and prices in the error catalogue read this way in every language, as the
 * pages show them (a player read "Aposta mínima: R$ 0.10").
 */
export function decimalText(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

const grouped = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** An amount in a sentence with thousands grouped: "50.000", "12,5" → "12,50", "10". */
export function readableBrl(value: number): string {
  return Number.isInteger(value) ? grouped.format(value) : brl.format(value);
}
