import type { CaptchaRaster } from '../../server/modules/auth/captcha-art';

/**
 * An attacker's captcha reader, as good as a weekend of work (the red-team's SVG solver carried over
 * to pixels): find the ink, cut it into characters two ways (equal slots across the ink's extent;
 * connected pieces of ink), and name each piece by its nearest neighbours among pieces cut the same
 * way from pictures whose answers it knows. It trains on Trevo's own generator, which is open source,
 * so it is stronger than an attacker who only sees the site.
 */

const GRID = 16;
type Segmenter = (ink: Uint8Array, width: number, height: number, count: number) => Float32Array[];

/** Dark pixels are ink; lone specks (fewer than 3 inked neighbours) are dropped. */
export function inkOf({ width, height, rgb }: CaptchaRaster): Uint8Array {
  const dark = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const luminance = 0.3 * rgb[i * 3]! + 0.59 * rgb[i * 3 + 1]! + 0.11 * rgb[i * 3 + 2]!;
    dark[i] = luminance < 160 ? 1 : 0;
  }
  const ink = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      if (!dark[y * width + x]) continue;
      let around = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) around += dark[(y + dy) * width + x + dx]!;
      ink[y * width + x] = around - 1 >= 3 ? 1 : 0;
    }
  }
  return ink;
}

/** The inked pixels inside a box, resampled to GRID×GRID over their own bounding box. */
function features(ink: Uint8Array, width: number, box: [number, number, number, number], keep?: Set<number>) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const i = y * width + x;
      if (ink[i] && (!keep || keep.has(i))) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
  }
  const out = new Float32Array(GRID * GRID + 1);
  if (x0 === Infinity) return out;
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x = Math.floor(x0 + ((gx + 0.5) * (x1 - x0)) / GRID);
      const y = Math.floor(y0 + ((gy + 0.5) * (y1 - y0)) / GRID);
      const i = y * width + x;
      out[gy * GRID + gx] = ink[i] && (!keep || keep.has(i)) ? 1 : 0;
    }
  }
  out[GRID * GRID] = (4 * (x1 - x0)) / (y1 - y0);
  return out;
}

/** Equal slots across the columns that hold ink. */
const slots: Segmenter = (ink, width, height, count) => {
  const columns = Array.from({ length: width }, (_, x) => {
    let n = 0;
    for (let y = 0; y < height; y++) n += ink[y * width + x]!;
    return n;
  });
  const first = columns.findIndex((n) => n >= 3);
  const last = width - 1 - [...columns].reverse().findIndex((n) => n >= 3);
  const step = (last + 1 - first) / count;
  return Array.from({ length: count }, (_, i) =>
    features(ink, width, [Math.round(first + i * step), 0, Math.round(first + (i + 1) * step), height]),
  );
};

/** Connected pieces of ink, the big ones, merged or split until there are `count`, left to right. */
const pieces: Segmenter = (ink, width, height, count) => {
  const label = new Int32Array(width * height).fill(-1);
  let groups: { pixels: number[]; x0: number; x1: number }[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start] !== -1) continue;
    const pixels: number[] = [];
    const stack = [start];
    label[start] = groups.length;
    while (stack.length) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          const j = ny * width + nx;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && ink[j] && label[j] === -1) {
            label[j] = groups.length;
            stack.push(j);
          }
        }
      }
    }
    const xs = pixels.map((p) => p % width);
    groups.push({ pixels, x0: Math.min(...xs), x1: Math.max(...xs) + 1 });
  }
  groups = groups.filter((g) => g.pixels.length >= 60).sort((a, b) => a.x0 - b.x0);
  while (groups.length > count) {
    // Merge the pair that overlaps most in x (or lies closest).
    let best = 0;
    let bestGap = Infinity;
    for (let i = 0; i < groups.length - 1; i++) {
      const gap = groups[i + 1]!.x0 - groups[i]!.x1;
      if (gap < bestGap) [best, bestGap] = [i, gap];
    }
    const [a, b] = [groups[best]!, groups[best + 1]!];
    groups.splice(best, 2, {
      pixels: [...a.pixels, ...b.pixels],
      x0: Math.min(a.x0, b.x0),
      x1: Math.max(a.x1, b.x1),
    });
  }
  while (groups.length && groups.length < count) {
    // Split the widest at its middle column.
    const widest = groups.reduce((w, g, i) => (g.x1 - g.x0 > groups[w]!.x1 - groups[w]!.x0 ? i : w), 0);
    const g = groups[widest]!;
    const mid = Math.round((g.x0 + g.x1) / 2);
    const left = g.pixels.filter((p) => p % width < mid);
    const right = g.pixels.filter((p) => p % width >= mid);
    groups.splice(widest, 1, { pixels: left, x0: g.x0, x1: mid }, { pixels: right, x0: mid, x1: g.x1 });
  }
  return groups.map((g) => features(ink, width, [g.x0, 0, g.x1, height], new Set(g.pixels)));
};

/** Morphological closing (grow the ink a pixel, then shrink it): heals thin cuts through strokes. */
function closed(ink: Uint8Array, width: number, height: number): Uint8Array {
  const pass = (from: Uint8Array, grow: boolean) => {
    const out = new Uint8Array(from.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let any = 0;
        let all = 1;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = Math.min(width - 1, Math.max(0, x + dx));
            const ny = Math.min(height - 1, Math.max(0, y + dy));
            any |= from[ny * width + nx]!;
            all &= from[ny * width + nx]!;
          }
        }
        out[y * width + x] = grow ? any : all;
      }
    }
    return out;
  };
  return pass(pass(ink, true), false);
}

const healedPieces: Segmenter = (ink, width, height, count) =>
  pieces(closed(ink, width, height), width, height, count);

export const SEGMENTERS = { slots, pieces, healedPieces } as const;

function nearest(templates: [string, Float32Array][], f: Float32Array, k = 3): string {
  const best = templates
    .map(([letter, t]): [number, string] => {
      let d = 0;
      for (let i = 0; i < f.length; i++) d += (f[i]! - t[i]!) ** 2;
      return [d, letter];
    })
    .sort((a, b) => a[0] - b[0])
    .slice(0, k);
  const votes = new Map<string, number>();
  for (const [, letter] of best) votes.set(letter, (votes.get(letter) ?? 0) + 1);
  return [...votes].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Trains a reader with one segmenter on labelled pictures; returns what it reads a picture as. */
export function trainReader(segment: Segmenter, labelled: readonly (readonly [string, CaptchaRaster])[]) {
  const templates: [string, Float32Array][] = [];
  for (const [answer, picture] of labelled) {
    const cut = segment(inkOf(picture), picture.width, picture.height, answer.length);
    cut.forEach((f, i) => templates.push([answer[i]!, f]));
  }
  return (picture: CaptchaRaster, length: number) =>
    segment(inkOf(picture), picture.width, picture.height, length)
      .map((f) => nearest(templates, f))
      .join('');
}
