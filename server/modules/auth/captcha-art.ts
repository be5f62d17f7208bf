import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import opentype from 'opentype.js';

/**
 * The local captcha's picture (trust issue, finding 5). The answer never appears in the markup as
 * text: each glyph is the font's outline (opentype.js, Roboto Mono Bold from Fontsource) flattened
 * into straight segments at a random resolution, rotated, scaled and bent by a random wave with
 * jitter on every point, then shuffled with noise shapes into a few paths whose order says nothing
 * of the reading order. Two pictures of the same answer share no path data, so a table of glyph
 * shapes cannot be built from the markup; reading it takes rasterising and OCR, the attack every
 * image captcha accepts (docs/security.md; a hosted challenge is the configured answer to that).
 */

const require = createRequire(import.meta.url);
const FONT = opentype.parse(
  toArrayBuffer(
    readFileSync(require.resolve('@fontsource/roboto-mono/files/roboto-mono-latin-700-normal.woff')),
  ),
);

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;

type Point = [number, number];
type Contour = Point[];

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** A uniform random number in [min, max) from the system's CSPRNG (thousandths). */
function between(min: number, max: number): number {
  return min + (randomInt(0, 1000) / 1000) * (max - min);
}

/** The glyph's outline as closed polylines, each curve cut into a random number of segments. */
function glyphContours(ch: string, size: number): Contour[] {
  const contours: Contour[] = [];
  let current: Contour = [];
  let pen: Point = [0, 0];
  for (const c of FONT.getPath(ch, 0, 0, size).commands) {
    if (c.type === 'M') {
      if (current.length) contours.push(current);
      current = [[c.x, c.y]];
      pen = [c.x, c.y];
    } else if (c.type === 'L') {
      current.push([c.x, c.y]);
      pen = [c.x, c.y];
    } else if (c.type === 'Q' || c.type === 'C') {
      const steps = randomInt(2, 6);
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        const point: Point =
          c.type === 'Q'
            ? [
                u * u * pen[0] + 2 * u * t * c.x1 + t * t * c.x,
                u * u * pen[1] + 2 * u * t * c.y1 + t * t * c.y,
              ]
            : [
                u * u * u * pen[0] + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
                u * u * u * pen[1] + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
              ];
        current.push(point);
      }
      pen = [c.x, c.y];
    } else if (c.type === 'Z') {
      if (current.length) contours.push(current);
      current = [];
    }
  }
  if (current.length) contours.push(current);
  return contours;
}

/** Places one glyph: rotated and scaled about its centre, moved to (x, y). */
function place(contours: Contour[], x: number, y: number): Contour[] {
  const all = contours.flat();
  const cx = (Math.min(...all.map((p) => p[0])) + Math.max(...all.map((p) => p[0]))) / 2;
  const cy = (Math.min(...all.map((p) => p[1])) + Math.max(...all.map((p) => p[1]))) / 2;
  const angle = (between(-22, 22) * Math.PI) / 180;
  const sx = between(0.85, 1.15);
  const sy = between(0.85, 1.15);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return contours.map((contour) =>
    contour.map(([px, py]) => {
      const dx = (px - cx) * sx;
      const dy = (py - cy) * sy;
      return [x + dx * cos - dy * sin, y + dx * sin + dy * cos];
    }),
  );
}

/** A small random closed blob: noise that looks like ink to a parser of the markup. */
function blob(): Contour {
  const cx = between(4, CAPTCHA_WIDTH - 4);
  const cy = between(4, CAPTCHA_HEIGHT - 4);
  const sides = randomInt(3, 7);
  const radius = between(1.2, 3.2);
  return Array.from({ length: sides }, (_, i) => {
    const a = (i / sides) * Math.PI * 2 + between(-0.4, 0.4);
    const r = radius * between(0.6, 1.3);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Point;
  });
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const coordinate = (n: number) => n.toFixed(1);
const pathData = (contours: Contour[]) =>
  contours.map((c) => `M${c.map(([x, y]) => `${coordinate(x)} ${coordinate(y)}`).join('L')}Z`).join('');

/** The answer drawn as an SVG of paths and noise, different every time for the same answer. */
export function captchaSvg(answer: string): string {
  const waveX = { amp: between(1, 2.5), freq: between(0.12, 0.25), phase: between(0, 6.28) };
  const waveY = { amp: between(1, 2.2), freq: between(0.04, 0.09), phase: between(0, 6.28) };
  const bend = ([x, y]: Point): Point => [
    x + waveX.amp * Math.sin(y * waveX.freq + waveX.phase) + between(-0.5, 0.5),
    y + waveY.amp * Math.sin(x * waveY.freq + waveY.phase) + between(-0.5, 0.5),
  ];
  const step = (CAPTCHA_WIDTH - 24) / Math.max(1, answer.length);
  // A glyph's contours stay in one path so its holes (a, e, 8) keep their winding.
  const glyphs = [...answer].map((ch, i) =>
    place(glyphContours(ch, between(27, 32)), 12 + step * (i + 0.5) + between(-3, 3), between(19, 25)).map(
      (contour) => contour.map(bend),
    ),
  );
  const noise = Array.from({ length: randomInt(4, 9) }, () => [blob()]);
  const groups = shuffle([...glyphs, ...noise]);
  // A few filled paths, each holding a random share of the shuffled glyphs and blobs.
  const pathCount = randomInt(2, 5);
  const fills = Array.from({ length: pathCount }, () => [] as Contour[]);
  groups.forEach((group, i) => fills[i < pathCount ? i : randomInt(0, pathCount)]!.push(...group));
  const inked = fills
    .filter((f) => f.length)
    .map(
      (contours) =>
        `<path d="${pathData(contours)}" fill="hsl(${randomInt(0, 360)},55%,${randomInt(25, 38)}%)"/>`,
    );
  const strokes = Array.from({ length: randomInt(3, 6) }, () => {
    const y0 = between(4, CAPTCHA_HEIGHT - 4);
    const y1 = between(4, CAPTCHA_HEIGHT - 4);
    const q: Point = [between(30, 90), between(0, CAPTCHA_HEIGHT)];
    return `<path d="M${coordinate(between(0, 20))} ${coordinate(y0)}Q${coordinate(q[0])} ${coordinate(q[1])} ${coordinate(between(100, 120))} ${coordinate(y1)}" stroke="hsl(${randomInt(0, 360)},55%,45%)" stroke-width="${between(0.8, 2).toFixed(1)}" fill="none"/>`;
  });
  const layers = shuffle([...inked, ...strokes]).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="#f4f1e8"/>${layers}</svg>`;
}
