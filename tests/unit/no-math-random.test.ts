import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** security.md: outcomes and secrets come only from node:crypto; no Math.random anywhere under server/. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('randomness on the server', () => {
  it('never uses Math.random under server/ or in the shared fairness code', () => {
    const offenders = [...files('server'), ...files('domain')].filter((f) =>
      /Math\s*\.\s*random/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
