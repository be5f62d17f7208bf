/**
 * CSV as a Brazilian spreadsheet opens it (issue 19): `;` between cells, decimal commas, headers in
 * Portuguese, UTF-8 with a byte-order mark (so accents survive a double-click into Excel), CRLF
 * line ends, every cell quoted. A text cell that a spreadsheet would read as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first) gets a leading apostrophe: a player's name or a note
 * must never run as a formula on an operator's machine (OWASP "CSV injection").
 */
export type CsvValue = string | number | null | undefined;

export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

const decimal = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');

/** A text column (neutralised against formulas). */
export const textColumn = <R>(header: string, get: (row: R) => string | null | undefined): CsvColumn<R> => ({
  header,
  cell: (row) => {
    const text = get(row) ?? '';
    return FORMULA_START.test(text) ? `'${text}` : text;
  },
});

/** A BRL amount with two decimals (`1234,50`; negative as `-12,00`, a number, not text). */
export const moneyColumn = <R>(header: string, get: (row: R) => number | null | undefined): CsvColumn<R> => ({
  header,
  cell: (row) => {
    const value = get(row);
    return value === null || value === undefined ? '' : decimal(value, 2);
  },
});

/** A whole count. */
export const countColumn = <R>(header: string, get: (row: R) => number | null | undefined): CsvColumn<R> => ({
  header,
  cell: (row) => {
    const value = get(row);
    return value === null || value === undefined ? '' : String(Math.round(value));
  },
});

/** A fraction such as an RTP (`0,9712`). */
export const ratioColumn = <R>(header: string, get: (row: R) => number | null | undefined): CsvColumn<R> => ({
  header,
  cell: (row) => {
    const value = get(row);
    return value === null || value === undefined ? '' : decimal(value, 4);
  },
});

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The rows as CSV text under the columns' headers. */
export function toCsv<R>(columns: ReadonlyArray<CsvColumn<R>>, rows: readonly R[]): string {
  const lines = [
    columns.map((c) => quoted(c.header)),
    ...rows.map((row) => columns.map((c) => quoted(c.cell(row)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`;
}
