import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_TABLES, renderDocs } from '../../scripts/docs-tables';

describe('tables of the docs drawn from the code', () => {
  it.each([...new Set(DOC_TABLES.map((t) => t.file))])(
    '%s is current (npx tsx scripts/docs-tables.ts)',
    (file) => {
      const text = readFileSync(file, 'utf8');
      expect(renderDocs(file, text)).toBe(text);
    },
  );
});
