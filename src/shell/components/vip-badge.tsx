import { levelImageIndex } from '../../../domain/codes';

/**
 * The level emblem. Spec 9: level images exist for 0–23 and a level above 23 shows the first one;
 * the emblems are drawn in code in six metals of four shades, so they cost no downloads.
 */
const METALS: readonly [string, string][] = [
  ['#d79a6b', '#7a4320'],
  ['#dfe6ea', '#6d7c86'],
  ['#ffd86b', '#a06a00'],
  ['#9ff0d8', '#1f7a66'],
  ['#a6d8ff', '#2d5fa8'],
  ['#e2b6ff', '#5b2a8c'],
];

/** The emblem of `level`, labelled for screen readers with `label`. */
export function VipBadge({ level, label, size }: { level: number; label?: string; size?: number | string }) {
  const index = levelImageIndex(level);
  const [light, dark] = METALS[Math.floor(index / 4) % METALS.length]!;
  const shade = (index % 4) * 0.12;
  return (
    <svg
      className="vip-badge"
      viewBox="0 0 64 72"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-image={index}
    >
      <path d="M32 3 58 13v21c0 17-11 29-26 35C17 63 6 51 6 34V13Z" fill={dark} />
      <path d="M32 8 53 16v18c0 14-9 24-21 30C20 58 11 48 11 34V16Z" fill={light} opacity={1 - shade} />
      <path d="M20 22h24l-4 8H24Z" fill={dark} opacity="0.35" />
      <text x="32" y="49" textAnchor="middle" fontSize="20" fontWeight="900" fill={dark}>
        {level}
      </text>
    </svg>
  );
}
