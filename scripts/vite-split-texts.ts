import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FIRST_PAGE_TEXTS, splitTexts, type Texts } from '../src/lib/first-page-texts.ts';

/** `…/pt_BR.json?first` or `…/pt_BR.json?later`. */
const PART = /^(.*\/pt_BR\.json)\?(first|later)$/;

/**
 * pt_BR in two parts (src/lib/first-page-texts.ts): `pt_BR.json?first` holds the texts the first page
 * shows, `pt_BR.json?later` the rest, each a module whose default export is its part (parsed with
 * JSON.parse, quicker to start than an object literal); the file itself stays the one translators
 * edit.
 */
export function splitPtTexts(): Plugin {
  return {
    name: 'trevo-split-texts',
    enforce: 'pre',
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'first' | 'later'];
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
      const json = JSON.stringify(splitTexts(texts, FIRST_PAGE_TEXTS)[part]);
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}
