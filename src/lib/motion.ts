/**
 * Whether the player asked the system for less motion (`prefers-reduced-motion`). The site then
 * keeps still what only decorates: banners do not rotate by themselves, counters show their figure
 * at once, and game tables hold their ambient motion (a result's animation still plays).
 */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
