import { formatBrl } from '../../domain/money';

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
  if (!tier) return new Intl.NumberFormat(locale).format(n);
  const scaled = n / tier.at;
  const decimals = scaled < 100 ? 1 : 0;
  const floored = Math.floor(scaled * 10 ** decimals) / 10 ** decimals;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: decimals }).format(floored)}${tier.suffix}`;
}

/** A BRL wire amount (a number with at most two decimals) as "R$ 1.234,56". */
export function formatMoney(brl: number): string {
  return formatBrl(Math.round(brl * 100));
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
