import { describe, expect, it } from 'vitest';
import { chipFace } from '../../../src/games/rowDouble/views/row-chips.art';
import { tuning } from '../../../src/games/rowDouble/tuning';
import { tilePalette } from '../../../src/games/shared-art/double-tiles.art';
import { colorNumber } from '../../../src/games/shared/toolkit';
import { tuningDefaults } from '../../../src/games/shared/tuning';

/** ROWDOUBLE's chips keep the colours the bets are named by, and what is on them stays readable. */

const palette = tilePalette(tuningDefaults(tuning));
const TILES = Array.from({ length: 15 }, (_, tile) => tile);

/** WCAG 2 contrast ratio of two 0xRRGGBB colours. */
function contrast(a: number, b: number): number {
  const luminance = (c: number) => {
    const [r, g, bl] = [16, 8, 0].map((shift) => {
      const v = ((c >> shift) & 0xff) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('ROWDOUBLE chips', () => {
  it('are red for 1–7, black for 8–14 and white with the clover for 0, as the Vermelho, Preto and Branco bets', () => {
    expect(chipFace(0, palette)).toMatchObject({ body: colorNumber(palette.white), mark: 'clover' });
    for (const tile of TILES.slice(1, 8))
      expect(chipFace(tile, palette)).toMatchObject({ body: colorNumber(palette.red), mark: 'number' });
    for (const tile of TILES.slice(8))
      expect(chipFace(tile, palette)).toMatchObject({ body: colorNumber(palette.black), mark: 'number' });
  });

  it.each(TILES)('chip %i: edge spots and number stand out from the body (3:1 or more)', (tile) => {
    const face = chipFace(tile, palette);
    expect(contrast(face.spot, face.body)).toBeGreaterThanOrEqual(3);
    if (face.mark === 'number') expect(contrast(face.ink, face.body)).toBeGreaterThanOrEqual(3);
  });

  it('gives each colour its own edge spots, so a chip is told by its rim as well as its body', () => {
    const spots = new Set([0, 1, 8].map((tile) => chipFace(tile, palette).spot));
    expect(spots.size).toBe(3);
  });
});
