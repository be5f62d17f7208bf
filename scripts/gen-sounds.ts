/**
 * Renders every game's SoundBook to WAV files, for designers to listen to and compare outside the
 * browser: `npx tsx scripts/gen-sounds.ts [out-dir]` (default `.tmp/sounds/<game>/<name>.wav`).
 *
 * The game tables do not need these files: the stage renders the same recipes with the same code
 * (src/games/shared/synth.ts) while its progress bar shows, so there is no generated asset to
 * build, ship or forget, and nothing is ever downloaded.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SoundBook } from '../src/games/shared/sound-recipe';
import { encodeWav, recipeDurationMs, renderRecipe } from '../src/games/shared/synth';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `rowDouble` → `row-double`: folders are named after the gameType, files in kebab-case. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every `src/games/<gameType>/<game-type>.sounds.ts` with its exported `sounds`. */
export async function loadSoundBooks(gamesDir = join(root, 'src/games')): Promise<Map<string, SoundBook>> {
  const books = new Map<string, SoundBook>();
  for (const entry of readdirSync(gamesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = join(gamesDir, entry.name, `${kebab(entry.name)}.sounds.ts`);
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { sounds?: SoundBook };
    if (module.sounds) books.set(entry.name, module.sounds);
  }
  return books;
}

/** Writes every recipe of every book under `outDir`; returns the files written. */
export async function generateSounds(outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const [game, book] of await loadSoundBooks()) {
    for (const [name, recipe] of Object.entries(book)) {
      const file = join(outDir, game, `${name}.wav`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, encodeWav(renderRecipe(recipe)));
      written.push(file);
      console.log(`${relative(root, file)}  ${Math.round(recipeDurationMs(recipe))} ms`);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await generateSounds(process.argv[2] ?? join(root, '.tmp/sounds'));
}
