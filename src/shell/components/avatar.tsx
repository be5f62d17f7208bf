import { AVATAR_COUNT } from '../../../domain/codes';

/**
 * The 36 avatars of spec 9, drawn in code so they cost no downloads: twelve colourways times three
 * characters (a clover, a lucky coin and a smiling chip). Index 1–36 as `setHeader` takes it; any
 * other value shows avatar 1.
 */

const COLOURWAYS: readonly [string, string][] = [
  ['#1fae5b', '#0b3d2e'],
  ['#f5c542', '#8a5a00'],
  ['#ff7a59', '#7a1f0c'],
  ['#4fc3f7', '#0b3a5c'],
  ['#b388ff', '#3a1c71'],
  ['#ff5fa2', '#6d0f3c'],
  ['#26c6da', '#064a52'],
  ['#9ccc65', '#2f4f0f'],
  ['#ffb74d', '#6b3a00'],
  ['#90a4ae', '#263238'],
  ['#e57373', '#5c1616'],
  ['#4db6ac', '#0f3d38'],
];

function normalise(index: number): number {
  return Number.isInteger(index) && index >= 1 && index <= AVATAR_COUNT ? index : 1;
}

function Character({ kind, light, dark }: { kind: number; light: string; dark: string }) {
  if (kind === 0) {
    return (
      <g>
        <g fill={light}>
          <circle cx="24" cy="24" r="9" />
          <circle cx="40" cy="24" r="9" />
          <circle cx="24" cy="40" r="9" />
          <circle cx="40" cy="40" r="9" />
        </g>
        <path d="M32 36 L40 54" stroke={light} strokeWidth="4" strokeLinecap="round" />
        <circle cx="28" cy="30" r="2.2" fill={dark} />
        <circle cx="36" cy="30" r="2.2" fill={dark} />
        <path d="M27 36 Q32 40 37 36" stroke={dark} strokeWidth="2.2" fill="none" strokeLinecap="round" />
      </g>
    );
  }
  if (kind === 1) {
    return (
      <g>
        <circle cx="32" cy="32" r="19" fill={light} />
        <circle cx="32" cy="32" r="14" fill="none" stroke={dark} strokeWidth="2" strokeDasharray="3 3" />
        <circle cx="26" cy="29" r="2.4" fill={dark} />
        <circle cx="38" cy="29" r="2.4" fill={dark} />
        <path d="M25 36 Q32 42 39 36" stroke={dark} strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </g>
    );
  }
  return (
    <g>
      <rect x="14" y="14" width="36" height="36" rx="10" fill={light} transform="rotate(8 32 32)" />
      <path d="M22 27 l4 -3 l4 3" stroke={dark} strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <path d="M34 27 l4 -3 l4 3" stroke={dark} strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <path d="M24 37 Q32 45 40 37 Z" fill={dark} />
    </g>
  );
}

/** Avatar `index` as an inline SVG; decorative unless `label` is given. */
export function Avatar({ index, size, label }: { index: number; size?: number | string; label?: string }) {
  const n = normalise(index) - 1;
  const [light, dark] = COLOURWAYS[n % COLOURWAYS.length]!;
  const kind = Math.floor(n / COLOURWAYS.length);
  return (
    <svg
      className="avatar"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="32" cy="32" r="32" fill={dark} />
      <circle cx="32" cy="32" r="30" fill="none" stroke={light} strokeOpacity="0.35" strokeWidth="2" />
      <Character kind={kind} light={light} dark={dark} />
    </svg>
  );
}
