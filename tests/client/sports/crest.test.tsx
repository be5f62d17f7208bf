import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Crest, crestDesign, monogram } from '../../../src/shell/sports/crest';

/** Issue 18, item 15: the tracker drew every club as a letter in a circle ("A" against "B"). */
afterEach(cleanup);

describe('club crests', () => {
  it('spells a monogram from the words that count', () => {
    expect(monogram('Flamengo')).toBe('FLA');
    expect(monogram('São Paulo')).toBe('SP');
    expect(monogram('Atlético Mineiro')).toBe('AM');
    expect(monogram('Vasco da Gama')).toBe('VG');
    expect(monogram('Manchester City FC')).toBe('MC');
    expect(monogram('Club Atlético de Madrid')).toBe('AM');
    expect(monogram('Red Bull Bragantino')).toBe('RBB');
  });

  it('draws the same club the same way, in two different colours, with readable letters', () => {
    const clubs = ['Flamengo', 'Fluminense', 'Fortaleza', 'Palmeiras', 'Botafogo', 'Grêmio', 'Internacional'];
    for (const club of clubs) {
      const design = crestDesign(club);
      expect(crestDesign(club)).toEqual(design);
      expect(design.secondary).not.toBe(design.primary);
      // White letters on a dark plate, dark on a light one.
      expect(['#ffffff', '#10141a']).toContain(design.ink);
      if (design.primary === '#f4f4f2' || design.primary === '#f6c400') expect(design.ink).toBe('#10141a');
      if (design.primary === '#111418' || design.primary === '#0b3d91') expect(design.ink).toBe('#ffffff');
    }
    // Clubs sharing an initial no longer look alike.
    const fs = clubs.slice(0, 3).map((c) => JSON.stringify(crestDesign(c)));
    expect(new Set(fs).size).toBe(3);
    const looks = new Set(clubs.map((c) => `${crestDesign(c).primary}${crestDesign(c).pattern}`));
    expect(looks.size).toBeGreaterThanOrEqual(4);
  });

  it('renders a shield with the monogram, hidden from screen readers beside the written name', () => {
    render(<Crest name="Palmeiras" />);
    const crest = screen.getByTestId('crest');
    expect(crest.getAttribute('aria-hidden')).toBe('true');
    expect(crest.querySelector('path')).not.toBeNull();
    expect(crest.textContent).toBe('PAL');
  });
});
