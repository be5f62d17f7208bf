import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { auth, buildTestApp, call, registerPlayer } from './helpers';

/**
 * User text rendered inert (security.md "Browser"): the server keeps and returns what a player
 * typed as data, never as markup, and the client has no way to turn a string into HTML.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Every file under `dir` whose name ends with one of `exts`. */
function filesUnder(dir: string, exts: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, exts);
    return exts.some((e) => name.endsWith(e)) ? [path] : [];
  });
}

/** Ways to turn a string into markup or code in the browser. */
const HTML_SINKS = [
  /dangerouslySetInnerHTML/,
  /\.innerHTML\s*=/,
  /\.outerHTML\s*=/,
  /insertAdjacentHTML/,
  /document\.write/,
  /\bnew Function\s*\(/,
  /\beval\s*\(/,
  /createContextualFragment/,
];

describe('user text is inert', () => {
  it('the client code has no HTML or code sink (React renders every string as text)', () => {
    const files = filesUnder('src', ['.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(50);
    const hits = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return HTML_SINKS.filter((sink) => sink.test(text)).map((sink) => `${file}: ${sink.source}`);
    });
    expect(hits).toEqual([]);
  });

  it('a name full of markup is kept verbatim and returned as JSON data, never as HTML', async () => {
    const name = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;
    const player = await registerPlayer(app, { name });
    const info = await call(app, {
      method: 'GET',
      url: '/api/app/user/userInfo',
      headers: auth(player.token),
    });
    expect(info.code).toBe(200);
    expect(info.body.data.name).toBe(name);
    expect(String(info.headers['content-type'])).toMatch(/^application\/json/);
    expect(info.headers['x-content-type-options']).toBe('nosniff');
  });
});
