import { describe, expect, it } from 'vitest';
import { sharedGradient, sharedGradientCount } from '../../../src/games/shared/toolkit/gradients';

const shade = (top: string) => ({
  type: 'linear' as const,
  start: { x: 0, y: 0 },
  end: { x: 0, y: 1 },
  colorStops: [
    { offset: 0, color: top },
    { offset: 1, color: '#000000' },
  ],
  textureSpace: 'local' as const,
});

describe("a thread's gradients (toolkit/gradients.ts)", () => {
  it('makes one gradient per definition however often a table is drawn again, and never frees it', () => {
    const before = sharedGradientCount();
    const first = sharedGradient(shade('#1a6b45'));
    // A table redrawn for each resize asks again: the same gradient, nothing new to free.
    for (let i = 0; i < 50; i++) expect(sharedGradient(shade('#1a6b45'))).toBe(first);
    expect(sharedGradientCount()).toBe(before + 1);
    // Another colour (the tuning panel) is another gradient.
    const other = sharedGradient(shade('#ff0000'));
    expect(other).not.toBe(first);
    expect(sharedGradientCount()).toBe(before + 2);
  });
});
