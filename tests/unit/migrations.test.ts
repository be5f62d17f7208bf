import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Landed migrations are immutable (one-house issue): a database that ran a migration never runs it
 * again, so editing one after it landed leaves some databases on the old text (019 was edited after
 * 020 landed; 021 had to bring every database to one state). `landed.json` holds the SHA-256 of
 * every migration's text; a change to one fails here — changes go in a new migration, whose hash is
 * added to the list when it lands.
 */
const DIR = 'server/infra/db/migrations';

describe('migrations', () => {
  it('never change once landed, and every one is listed', () => {
    const landed = JSON.parse(readFileSync(`${DIR}/landed.json`, 'utf8')) as Record<string, string>;
    const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
    expect(files.sort()).toEqual(Object.keys(landed).sort());
    for (const file of files) {
      const hash = createHash('sha256')
        .update(readFileSync(`${DIR}/${file}`))
        .digest('hex');
      expect(hash, `${file} changed after it landed: write a new migration instead`).toBe(landed[file]);
    }
  });

  it('are registered in order, each once', () => {
    const connection = readFileSync('server/infra/db/connection.ts', 'utf8');
    const registered = [...connection.matchAll(/'(\d{3}-[a-z0-9-]+)': m\d{3}/g)].map((m) => m[1]);
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(registered).toEqual(files);
  });
});
