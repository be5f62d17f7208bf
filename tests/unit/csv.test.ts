import { describe, expect, it } from 'vitest';
import { countColumn, moneyColumn, ratioColumn, textColumn, toCsv } from '../../server/platform/csv';

/** The console's CSV (issue 19): what a pt-BR spreadsheet reads right, and no formula runs. */
type Row = { name: string; amount: number; count: number; rtp: number | null };
const columns = [
  textColumn<Row>('Nome', (r) => r.name),
  moneyColumn<Row>('Valor (R$)', (r) => r.amount),
  countColumn<Row>('Apostas', (r) => r.count),
  ratioColumn<Row>('RTP', (r) => r.rtp),
];

describe('CSV for Brazilian spreadsheets', () => {
  it('quotes every cell, separates with ";", writes decimal commas, starts with a BOM and ends lines with CRLF', () => {
    const csv = toCsv(columns, [{ name: 'Ana; "Aninha"', amount: 1234.5, count: 3, rtp: 0.97123 }]);
    expect(csv).toBe(
      '\uFEFF"Nome";"Valor (R$)";"Apostas";"RTP"\r\n"Ana; ""Aninha""";"1234,50";"3";"0,9712"\r\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves negative amounts numbers', () => {
    const attacks = ['=HYPERLINK("http://x","clique")', '+1+1', '-2+3', '@SUM(A1)', '\tabc', '\r=1'];
    const csv = toCsv(
      columns,
      attacks.map((name) => ({ name, amount: -12, count: 0, rtp: null })),
    );
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(';')[0])).toEqual([
      `"'=HYPERLINK(""http://x"",""clique"")"`,
      `"'+1+1"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tabc"`,
      `"'\r=1"`,
    ]);
    expect(lines.every((l) => l.endsWith(';"-12,00";"0";""'))).toBe(true);
  });
});
