import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes, randomInt } from 'node:crypto';
import opentype from 'opentype.js';
import { encodePng } from './png';

/**
 * The local captcha's picture (trust issue, finding 5). The server paints it into pixels and sends a
 * PNG, so the markup holds nothing: no text, no glyph outlines, no element per character. An SVG of
 * outlines was read by a 40-line script that rasterised each path group and matched it against the
 * font (28 of 30); what the picture now does against that class of reader (tests/security/
 * captcha-solver.test.ts runs one, trained on this very generator):
 *
 * - glyphs (the font's outlines, opentype.js with a Fontsource font) overlap their neighbours, each
 *   rotated, scaled and sheared on its own, and the whole line is bent by a wave;
 * - a thick stroke of the same ink runs through the word and ties the glyphs into one blot, while thin
 *   strokes of background colour cut them apart, so a connected piece of ink is never one character;
 * - half-size glyph shapes from outside the alphabet sit over the word as decoys;
 * - the ink's colour drifts along the line and the paper is noisy, so colour separates nothing.
 *
 * A reader trained on the generator with a real OCR model can still beat any picture a player can
 * read; the hosted challenge (TREVO_CAPTCHA) is the configured answer to that (docs/security.md).
 */

const require = createRequire(import.meta.url);
const FONT = opentype.parse(
  toArrayBuffer(
    readFileSync(require.resolve('@fontsource/roboto-mono/files/roboto-mono-latin-700-normal.woff')),
  ),
);

/** The size the forms show the picture at (CSS pixels); it is painted at twice that. */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 2;
const W = CAPTCHA_WIDTH * SCALE;
const H = CAPTCHA_HEIGHT * SCALE;
/** Each pixel is judged at SS×SS points, so edges are smooth (anti-aliased). */
const SS = 2;
/** Shapes that look like characters but are not in the answer's alphabet. */
const DECOYS = 'gq0ij9?#&%';

type Point = [number, number];
type Contour = Point[];
/** One drawn object: closed contours filled by the non-zero rule. */
type Shape = Contour[];

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

/** A uniform random number in [min, max) from the system's CSPRNG (thousandths). */
function between(min: number, max: number): number {
  return min + (randomInt(0, 1000) / 1000) * (max - min);
}

/** The glyph's outline as closed polylines, curves cut into short segments. */
function glyphShape(ch: string, size: number): Shape {
  const contours: Shape = [];
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
      const steps = 6;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        current.push(
          c.type === 'Q'
            ? [
                u * u * pen[0] + 2 * u * t * c.x1 + t * t * c.x,
                u * u * pen[1] + 2 * u * t * c.y1 + t * t * c.y,
              ]
            : [
                u * u * u * pen[0] + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
                u * u * u * pen[1] + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
              ],
        );
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

const signedArea = (c: Contour) =>
  c.reduce((sum, [x, y], i) => {
    const [nx, ny] = c[(i + 1) % c.length]!;
    return sum + x * ny - nx * y;
  }, 0) / 2;

/**
 * Turns a shape so its largest contour winds positively: overlapping shapes then add up under the
 * non-zero rule (a union), instead of one cancelling the other where they cross.
 */
function oriented(shape: Shape): Shape {
  const largest = shape.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a));
  return signedArea(largest) < 0 ? shape.map((c) => [...c].reverse()) : shape;
}

/** Places a glyph: rotated, scaled and sheared about its centre, its centre moved to (x, y). */
function place(shape: Shape, x: number, y: number, tilt: number): Shape {
  const all = shape.flat();
  const cx = (Math.min(...all.map((p) => p[0])) + Math.max(...all.map((p) => p[0]))) / 2;
  const cy = (Math.min(...all.map((p) => p[1])) + Math.max(...all.map((p) => p[1]))) / 2;
  const angle = (between(-tilt, tilt) * Math.PI) / 180;
  const sx = between(0.8, 1.15);
  const sy = between(0.85, 1.15);
  const shear = between(-0.3, 0.3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return shape.map((contour) =>
    contour.map(([px, py]) => {
      const dx = (px - cx) * sx + (py - cy) * shear;
      const dy = (py - cy) * sy;
      return [x + dx * cos - dy * sin, y + dx * sin + dy * cos];
    }),
  );
}

/** A curve across the picture drawn as a band `width` wide: one closed contour. */
function band(width: number, yMin: number, yMax: number): Shape {
  const y0 = between(yMin, yMax);
  const y1 = between(yMin, yMax);
  const lift = between(-H * 0.3, H * 0.3);
  const wave = { amp: between(2, 6), freq: between(0.02, 0.05), phase: between(0, 6.28) };
  const x0 = between(-10, W * 0.15);
  const x1 = between(W * 0.85, W + 10);
  const centre: Point[] = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const x = x0 + (x1 - x0) * t;
    centre.push([
      x,
      y0 + (y1 - y0) * t + lift * 4 * t * (1 - t) + wave.amp * Math.sin(x * wave.freq + wave.phase),
    ]);
  }
  const side = (sign: number) =>
    centre.map(([x, y], i): Point => {
      const [ax, ay] = centre[Math.max(0, i - 1)]!;
      const [bx, by] = centre[Math.min(centre.length - 1, i + 1)]!;
      const length = Math.hypot(bx - ax, by - ay) || 1;
      return [x - (sign * width * (by - ay)) / (2 * length), y + (sign * width * (bx - ax)) / (2 * length)];
    });
  return [[...side(1), ...side(-1).reverse()]];
}

/** Edges of a set of shapes, each with the direction it crosses a scan line in. */
function edgesOf(shapes: Shape[]): Float64Array {
  const edges: number[] = [];
  for (const contour of shapes.flat()) {
    for (let i = 0; i < contour.length; i++) {
      const [x0, y0] = contour[i]!;
      const [x1, y1] = contour[(i + 1) % contour.length]!;
      if (y0 !== y1) edges.push(x0, y0, x1, y1);
    }
  }
  return Float64Array.from(edges);
}

/** Fills shapes by the non-zero rule into a SS-supersampled mask (1 inside, 0 outside). */
function fill(shapes: Shape[]): Uint8Array {
  const width = W * SS;
  const mask = new Uint8Array(width * H * SS);
  const edges = edgesOf(shapes);
  const crossings: [number, number][] = [];
  for (let row = 0; row < H * SS; row++) {
    const y = (row + 0.5) / SS;
    crossings.length = 0;
    for (let e = 0; e < edges.length; e += 4) {
      const x0 = edges[e]!;
      const y0 = edges[e + 1]!;
      const x1 = edges[e + 2]!;
      const y1 = edges[e + 3]!;
      if (y0 <= y ? y1 > y : y1 <= y) {
        crossings.push([(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0)) * SS, y1 > y0 ? 1 : -1]);
      }
    }
    crossings.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i]![1];
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil(crossings[i]![0] - 0.5));
      const to = Math.min(width, Math.ceil(crossings[i + 1]![0] - 0.5));
      mask.fill(1, row * width + from, row * width + Math.max(from, to));
    }
  }
  return mask;
}

/** How much ink covers each pixel (0–1): ink shapes minus eraser shapes, averaged per pixel. */
function coverage(ink: Shape[], erase: Shape[]): Float32Array {
  const inked = fill(ink);
  const erased = fill(erase);
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let covered = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const i = (y * SS + sy) * W * SS + x * SS + sx;
          covered += inked[i]! & (erased[i]! ^ 1);
        }
      }
      out[y * W + x] = covered / (SS * SS);
    }
  }
  return out;
}

/** A hue-to-RGB conversion for the drifting ink (s and l fixed by the caller). */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

export interface CaptchaRaster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, rows top to bottom. */
  rgb: Uint8Array;
}

/**
 * The answer painted as pixels: different every time for the same answer. `bare` leaves out what
 * defends it (overlap, the tie, the cuts, the decoys); only the reader test's control uses it, to
 * show that its reader does read glyphs and that the defences are what stops it.
 */
export function captchaRaster(answer: string, { bare = false } = {}): CaptchaRaster {
  const size = between(72, 80);
  // Narrower than a glyph, so neighbours touch or overlap.
  const advance = bare ? between(50, 52) : between(36, 42);
  const start = (W - advance * answer.length) / 2;
  const warp = { amp: between(2, 4.5), freq: between(0.025, 0.045), phase: between(0, 6.28) };
  const bend = (shape: Shape): Shape =>
    shape.map((c) => c.map(([x, y]): Point => [x, y + warp.amp * Math.sin(x * warp.freq + warp.phase)]));

  const glyphs = [...answer].map((ch, i) =>
    bend(
      oriented(
        place(
          glyphShape(ch, size * between(0.92, 1.08)),
          start + advance * (i + 0.5) + between(-3, 3),
          H / 2 + between(-4, 4),
          24,
        ),
      ),
    ),
  );
  const decoys = Array.from({ length: randomInt(1, 3) }, () =>
    oriented(
      place(
        glyphShape(DECOYS[randomInt(0, DECOYS.length)]!, size * between(0.4, 0.55)),
        between(20, W - 20),
        randomInt(0, 2) ? between(8, 20) : between(H - 20, H - 8),
        40,
      ),
    ),
  );
  const tie = oriented(band(between(4.5, 6.5), H * 0.35, H * 0.65));
  const cuts = Array.from({ length: randomInt(2, 4) }, () => band(between(1.8, 2.8), H * 0.25, H * 0.75));
  const ink = bare ? coverage(glyphs, []) : coverage([...glyphs, ...decoys, tie], cuts);

  const paper = { r: between(236, 250), g: between(232, 246), b: between(220, 238) };
  const hue = between(0, 360);
  const drift = between(60, 140);
  const rgb = new Uint8Array(W * H * 3);
  // Grain and speckles need no secrecy, only variety: one buffer of random bytes serves them all.
  const noise = randomBytes(W * H * 2);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [ir, ig, ib] = hsl(
        (hue + (drift * x) / W) % 360,
        0.55,
        0.3 + 0.06 * Math.sin(y * 0.15 + x * 0.02),
      );
      const grain = (noise[(y * W + x) * 2]! % 29) - 14;
      // A speckle of ink here and there, so a count of dark pixels lies too.
      const speckle = noise[(y * W + x) * 2 + 1]! < 2 ? 0.8 : 0;
      const a = Math.max(ink[y * W + x]!, speckle);
      const i = (y * W + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, paper.r + grain + (ir - paper.r) * a));
      rgb[i + 1] = Math.max(0, Math.min(255, paper.g + grain + (ig - paper.g) * a));
      rgb[i + 2] = Math.max(0, Math.min(255, paper.b + grain + (ib - paper.b) * a));
    }
  }
  return { width: W, height: H, rgb };
}

/** The picture as the PNG the captcha route serves. */
export function captchaPng(answer: string): Buffer {
  const { width, height, rgb } = captchaRaster(answer);
  return encodePng(width, height, rgb);
}
