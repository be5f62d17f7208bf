import { formatBrl, plainBrl } from '../../domain/money';
import { dateTimeFormat, numberFormat } from './intl';

/** Spec 9: the footer abbreviates from 10^3 (K+), 10^6 (M+) and 10^9 (B+). */
const ABBREVIATIONS = [
  { at: 1e9, suffix: 'B+' },
  { at: 1e6, suffix: 'M+' },
  { at: 1e3, suffix: 'K+' },
] as const;

/**
 * A count as the footer shows it: `999`, `1,2K+`, `12M+`. The value is rounded down so the
 * abbreviation never claims more than is true ("1,9K+" for 1 999, not "2K+").
 */
export function abbreviateCount(value: number, locale = 'pt-BR'): string {
  const n = Math.max(0, Math.floor(value));
  const tier = ABBREVIATIONS.find((a) => n >= a.at);
  if (!tier) return numberFormat(locale, {}).format(n);
  const scaled = n / tier.at;
  const decimals = scaled < 100 ? 1 : 0;
  const floored = Math.floor(scaled * 10 ** decimals) / 10 ** decimals;
  return `${numberFormat(locale, { maximumFractionDigits: decimals }).format(floored)}${tier.suffix}`;
}

/** A BRL wire amount (a number with at most two decimals) as "R$ 1.234,56". */
export function formatMoney(brl: number): string {
  return formatBrl(Math.round(brl * 100));
}

/**
 * A multiplier as every game, the game history and home's winners print it: two decimals and a
 * multiplication sign, in the pt-BR style of the tables ("1,28×", "1.429,96×") or the reader's
 * locale. Values are cut to the cent, never rounded up, so a page never shows more than the server
 * pays and a climbing counter never passes the value it stops at.
 */
export function formatMultiplier(value: number, locale = 'pt-BR'): string {
  const cut = Math.floor(Math.max(0, value) * 100 + 1e-7) / 100;
  return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cut)}×`;
}

/** Formats typed digits as a CPF while the player types: `12345678909` → `123.456.789-09`. */
export function maskCpf(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Formats a Brazilian mobile number while typing: `11987654321` → `(11) 98765-4321`. */
export function maskPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 2) return d;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, d.length - 4)}-${d.slice(-4)}`;
}

export { plainBrl };

/**
 * What an amount field keeps of what was typed: digits and one decimal comma with at most two
 * decimals (a typed point counts as the comma, as phone keypads offer either). Above `cap` the
 * amount becomes the cap (spec 5: the withdrawal amount is capped to the balance automatically).
 */
export function normaliseAmountInput(typed: string, cap?: number): string {
  const text = typed.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = text.indexOf(',');
  const whole = (comma === -1 ? text : text.slice(0, comma)).replace(/^0+(?=\d)/, '').slice(0, 12);
  const decimals =
    comma === -1
      ? null
      : text
          .slice(comma + 1)
          .replace(/,/g, '')
          .slice(0, 2);
  const result = decimals === null ? whole : `${whole || '0'},${decimals}`;
  if (cap !== undefined && result !== '' && parseAmountInput(result) > cap) {
    return plainBrl(Math.max(0, Math.floor(cap * 100) / 100));
  }
  return result;
}

/** The value of an amount field ("60,5" → 60.5); NaN when it is empty or not a number. */
export function parseAmountInput(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+(,\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** A countdown as "HH:MM:SS" (hours keep counting past 24); never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

/** A fraction as a percentage in the given locale: 0.02 → "2%", 0.015 → "1,5%". */
export function formatPercent(fraction: number, locale = 'pt-BR'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(fraction);
}

/**
 * Whether a locale writes dates in Brazil's numbers (05/03/2026). The other languages name the
 * month ("Mar 5, 2026", "5 мар. 2026 г."): in English "12/6/26" beside R$ amounts reads as the
 * 12th of June to a player used to Brazilian dates, and a month's name is the language's own
 * convention too, so no reader has to guess the order.
 */
const numericDates = (locale: string) => locale === 'pt-BR';

/** An ISO time as a local date and time: "05/03/2026, 14:07"; "Mar 5, 2026, 2:07 PM" in English. */
export function formatDateTime(iso: string, locale = 'pt-BR'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, {
    dateStyle: numericDates(locale) ? 'short' : 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A day of the year without the year: "23/11"; "Nov 23" in English. */
export function formatDayMonth(date: Date, locale = 'pt-BR'): string {
  return dateTimeFormat(
    locale,
    numericDates(locale) ? { day: '2-digit', month: '2-digit' } : { day: 'numeric', month: 'short' },
  ).format(date);
}

/** A time of day in the locale's own way: "09:30"; "9:30 PM" in English. */
export function formatTime(date: Date, locale = 'pt-BR'): string {
  return dateTimeFormat(locale, {
    hour: numericDates(locale) ? '2-digit' : 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** An amount field's value in centavos; null when it is empty or not a number. */
export function amountInputCents(text: string): number | null {
  const value = parseAmountInput(text);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}
