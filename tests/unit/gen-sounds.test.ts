import { describe, expect, it } from 'vitest';
import { loadSoundBooks } from '../../scripts/gen-sounds';
import { encodeWav, renderRecipe } from '../../src/games/shared/synth';

describe('scripts/gen-sounds', () => {
  it("finds every game's sound book, camelCase folders included, and renders each to WAV", async () => {
    const books = await loadSoundBooks();
    expect([...books.keys()].sort()).toEqual(['dice', 'double', 'limbo', 'luckyColor', 'mines', 'rowDouble']);
    for (const book of books.values()) {
      const [first] = Object.values(book);
      const wav = encodeWav(renderRecipe(first!));
      expect(Buffer.from(wav.subarray(0, 4)).toString('latin1')).toBe('RIFF');
      expect(wav.length).toBeGreaterThan(44);
    }
  });
});
