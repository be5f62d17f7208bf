import { BitmapFont } from 'pixi.js';

/**
 * A bitmap font of numbers and symbols for text that changes every frame (countdowns, chips):
 * canvas Text would re-rasterise on each change. Installed once per name while any scene uses it.
 */

/** The font stack of the site (src/shell/styles.css). */
export const SITE_FONT = "'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

const users = new Map<string, number>();

/** Installs the white, heavy digit font `name` (tint it per use) and returns its release. */
export function installDigitFont(name: string): () => void {
  const count = users.get(name) ?? 0;
  if (count === 0) {
    BitmapFont.install({
      name,
      chars: [['0', '9'], ':×.,#+-%?s'],
      resolution: 2,
      padding: 4,
      style: { fontFamily: SITE_FONT, fontWeight: '800', fontSize: 64, fill: 0xffffff },
    });
  }
  users.set(name, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (users.get(name) ?? 1) - 1;
    users.set(name, left);
    if (left === 0) BitmapFont.uninstall(name);
  };
}
