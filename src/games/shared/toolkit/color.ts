import { Color, type ColorSource } from 'pixi.js';

/** Colour arithmetic on `#rrggbb` knob values, for shading generated art. */

/** A `#rrggbb` (or `rrggbb`) text as a 0xRRGGBB number; anything unreadable is mid grey. */
export function colorNumber(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return Number.isFinite(value) ? value & 0xffffff : 0x808080;
}

/** Mixes two colours: `t` 0 is `a`, 1 is `b`. */
export function mixColor(a: number, b: number, t: number): number {
  const k = Math.min(1, Math.max(0, t));
  const channel = (shift: number) => {
    const x = (a >> shift) & 0xff;
    const y = (b >> shift) & 0xff;
    return Math.round(x + (y - x) * k) << shift;
  };
  return channel(16) | channel(8) | channel(0);
}

/** Lightens (`amount` > 0, towards white) or darkens (< 0, towards black) a colour. */
export function shadeColor(color: number, amount: number): number {
  return amount >= 0 ? mixColor(color, 0xffffff, amount) : mixColor(color, 0x000000, -amount);
}

/** A Pixi colour between any two colour sources, channels mixed unrounded (`amount` 0 → a, 1 → b). */
export function lerpColor(a: ColorSource, b: ColorSource, amount: number): Color {
  const from = new Color(a);
  const to = new Color(b);
  const lerp = (x: number, y: number) => x + (y - x) * amount;
  return new Color([lerp(from.red, to.red), lerp(from.green, to.green), lerp(from.blue, to.blue)]);
}
