/**
 * Draws the app icons of the web app manifest (Trevo's four-leaf clover on the brand green) as PNG
 * files: `npx tsx scripts/gen-icons.ts` writes public/icons/. No image library and nothing
 * downloaded: the shapes are circles and a stem, rasterised here with 4×4 supersampling, and the
 * PNG is written with node:zlib. The output is committed (public/ is served as is).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x0b, 0x3d, 0x2e];
const LEAF: Rgb = [0x1f, 0xae, 0x5b];
const STEM: Rgb = [0x0b, 0x3d, 0x2e];

/** The colour at (x, y) of the 64-unit favicon drawing scaled into `inner` of a square. */
function shade(x: number, y: number): Rgb | null {
  // Stem first (drawn over the leaves in the favicon): a thick segment from the centre to (44, 60).
  const [ax, ay, bx, by] = [32, 32, 44, 60];
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  if (Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= 2.5) return STEM;
  for (const [cx, cy] of [
    [22, 22],
    [42, 22],
    [22, 42],
    [42, 42],
  ] as const) {
    if (Math.hypot(x - cx, y - cy) <= 13) return LEAF;
  }
  return null;
}

/** RGBA pixels of a `size`² icon; `safe` is the share of the side the drawing may use. */
function draw(size: number, safe: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = 64 / (size * safe);
  const offset = (size * (1 - safe)) / 2;
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b] = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples - offset) * scale;
          const y = (py + (sy + 0.5) / samples - offset) * scale;
          const c = shade(x, y) ?? BACKGROUND;
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const n = samples * samples;
      pixels.set([Math.round(r / n), Math.round(g / n), Math.round(b / n), 255], (py * size + px) * 4);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** An 8-bit RGBA PNG of `size`² pixels. */
export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icons the manifest lists: `any` icons use 84% of the side, maskable ones the 66% safe zone. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, safe: 0.84 },
  { file: 'icon-512.png', size: 512, safe: 0.84 },
  { file: 'maskable-512.png', size: 512, safe: 0.66 },
] as const;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
  mkdirSync(dir, { recursive: true });
  for (const icon of ICONS) {
    writeFileSync(join(dir, icon.file), encodePng(icon.size, draw(icon.size, icon.safe)));
    console.log(`public/icons/${icon.file}`);
  }
}
