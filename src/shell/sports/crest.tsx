import { useId } from 'react';

/**
 * A club's crest, drawn: a shield in two kit colours with the club's monogram. The simulated feed
 * names real clubs but carries no badges (and Trevo holds no rights to theirs), so each club gets
 * its own design from its name: the same club always wears the same crest, and two clubs with the
 * same initial no longer look alike (issue 18, item 15: the tracker showed letters "A" and "B").
 */

/** Colours football kits are made of: reds, blacks, whites, greens, blues, golds, claret, orange. */
const KIT_COLOURS = [
  '#c8102e',
  '#111418',
  '#f4f4f2',
  '#00843d',
  '#0b3d91',
  '#f6c400',
  '#7a1f3d',
  '#f47a20',
  '#5fa8e0',
  '#4b2a83',
  '#8a0f1e',
  '#0f6e5a',
] as const;

type Pattern = 'plain' | 'halves' | 'stripes' | 'band' | 'chevron';
const PATTERNS: readonly Pattern[] = ['plain', 'halves', 'stripes', 'band', 'chevron'];

/** Words a monogram skips: club-type abbreviations and joining words. */
const SKIP = new Set([
  'fc',
  'sc',
  'ec',
  'ac',
  'cf',
  'cd',
  'ca',
  'afc',
  'club',
  'clube',
  'de',
  'da',
  'do',
  'dos',
  'das',
  'del',
  'la',
  'el',
  'the',
  'and',
  '&',
]);

/** FNV-1a: a stable, well-spread number from a name. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Up to three letters: the first of each of the first words that count, or a one-word name's first three. */
export function monogram(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .filter((w) => w && !SKIP.has(w.toLowerCase()))
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return name.slice(0, 2).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0]!)
    .join('')
    .toUpperCase();
}

/** Whether dark text reads better than white on `hex` (relative luminance above the middle). */
function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!) > 0.35;
}

export interface CrestDesign {
  primary: string;
  secondary: string;
  pattern: Pattern;
  monogram: string;
  ink: string;
}

/** The club's design, drawn from its name alone. */
export function crestDesign(name: string): CrestDesign {
  const h = hashName(name);
  const primary = KIT_COLOURS[h % KIT_COLOURS.length]!;
  // The second colour differs from the first (a shift of 1..n-1 places).
  const shift = 1 + ((h >>> 8) % (KIT_COLOURS.length - 1));
  const secondary = KIT_COLOURS[(KIT_COLOURS.indexOf(primary) + shift) % KIT_COLOURS.length]!;
  const pattern = PATTERNS[(h >>> 16) % PATTERNS.length]!;
  return {
    primary,
    secondary,
    pattern,
    monogram: monogram(name),
    ink: isLight(primary) ? '#10141a' : '#ffffff',
  };
}

const SHIELD = 'M16 1.5 L29.5 5.5 V17 C29.5 25.5 23.5 31.5 16 34.5 C8.5 31.5 2.5 25.5 2.5 17 V5.5 Z';

function PatternShapes({ design }: { design: CrestDesign }) {
  const fill = design.secondary;
  switch (design.pattern) {
    case 'halves':
      return <rect x="16" y="0" width="16" height="36" fill={fill} />;
    case 'stripes':
      return (
        <>
          {[4, 12, 20, 28].map((x) => (
            <rect key={x} x={x - 2} y="0" width="4" height="36" fill={fill} />
          ))}
        </>
      );
    case 'band':
      return <polygon points="0,8 8,0 32,24 32,32 24,36" fill={fill} />;
    case 'chevron':
      return <polygon points="0,14 16,24 32,14 32,21 16,31 0,21" fill={fill} />;
    default:
      return null;
  }
}

/** The crest as an image; `name` is the club's full name (its accessible label comes from the row beside it). */
export function Crest({ name, className }: { name: string; className?: string }) {
  const design = crestDesign(name);
  const clip = useId();
  const letters = design.monogram;
  return (
    <svg
      className={className}
      viewBox="0 0 32 36"
      aria-hidden="true"
      data-testid="crest"
      data-monogram={letters}
      data-colours={`${design.primary} ${design.secondary} ${design.pattern}`}
    >
      <defs>
        <clipPath id={clip}>
          <path d={SHIELD} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="32" height="36" fill={design.primary} />
        <PatternShapes design={design} />
      </g>
      <path d={SHIELD} fill="none" stroke="rgba(0,0,0,0.35)" strokeWidth="1" />
      <rect x="5" y="12" width="22" height="11" rx="3" fill={design.primary} opacity="0.92" />
      <text
        x="16"
        y="20.4"
        textAnchor="middle"
        fontSize={letters.length > 2 ? 7.5 : 9}
        fontWeight="800"
        fill={design.ink}
        style={{ fontFamily: 'inherit', letterSpacing: '0.02em' }}
      >
        {letters}
      </text>
    </svg>
  );
}
