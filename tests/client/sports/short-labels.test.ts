import { describe, expect, it } from 'vitest';
import { listLabel, shortLabel } from '../../../src/shell/sports/short-labels';

describe('short labels of selections', () => {
  it('reads Dupla Chance and Intervalo/Final as bettors write them', () => {
    expect(['home_draw', 'home_away', 'draw_away'].map((id) => shortLabel('double_chance', id))).toEqual([
      '1X',
      '12',
      'X2',
    ]);
    expect(shortLabel('ht_ft', 'draw-home')).toBe('X/1');
    expect(shortLabel('ht_ft', 'away-away')).toBe('2/2');
    // Every other selection keeps its own name.
    expect(shortLabel('btts', 'yes')).toBeUndefined();
    expect(shortLabel('match_winner', 'home')).toBeUndefined();
  });

  it('gives a list’s main market 1, X, 2 and leaves a longer market its names', () => {
    expect(['home', 'draw', 'away'].map((id) => listLabel(id, 3))).toEqual(['1', 'X', '2']);
    expect(listLabel('home', 4)).toBeUndefined();
  });
});
