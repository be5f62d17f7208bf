import { useEffect, useState, type RefObject } from 'react';

/** What a player can press or type into: a floating button must never sit over one of these. */
const CONTROL = 'a[href], button, input, select, textarea, summary, [role="button"], [role="link"]';

/** Marks the floating buttons (`data-floating`): they never count as what lies under one another. */
const FLOATING_ATTR = 'data-floating';

/**
 * The widest gaps between the points sampled over a floating button, so a control smaller than the
 * button under any part of it is found: down, a line of small text (12 px); across, a touch target
 * (WCAG 2.2's 24 px). Three points a side (corners, edge middles, centre) left 36 px between rows on
 * the 75 px offer, and home's 'Ver todos os esportes' link passed between them while the offer
 * covered it. Each point is a hit test (about 0.13 ms at a phone's speed, Chromium at 4× slowdown
 * on home): 28 points on the offer, where a 12 px grid both ways took 56.
 */
export const SAMPLE_GAP_X_PX = 24;
export const SAMPLE_GAP_Y_PX = 12;

/** How far inside the button's edge the points lie (its rounded corners show the page there). */
const INSET_PX = 2;

/** How often the spot under a floating button is read again while the page does not scroll. */
export const RECHECK_MS = 500;

/**
 * While the page scrolls, the spot is read at most this often, not on every frame: a read costs a
 * few milliseconds of a phone's frame, and a control is tapped once the page stops.
 */
export const SCROLL_READ_MS = 100;

/**
 * Whether a control of the page shows under `button`: at each sampled point, the topmost element
 * that is not a floating button (a control hidden under a panel does not count).
 */
export function isOverControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const width = box.width - 2 * INSET_PX;
  const height = box.height - 2 * INSET_PX;
  // Points per side: both edges, and no two neighbours further apart than the gap.
  const across = Math.max(2, Math.ceil(width / SAMPLE_GAP_X_PX) + 1);
  const down = Math.max(2, Math.ceil(height / SAMPLE_GAP_Y_PX) + 1);
  for (let i = 0; i < across; i++) {
    for (let j = 0; j < down; j++) {
      const x = box.left + INSET_PX + (width * i) / (across - 1);
      const y = box.top + INSET_PX + (height * j) / (down - 1);
      const below = document.elementsFromPoint(x, y).find((el) => !el.closest(`[${FLOATING_ATTR}]`));
      if (below?.closest(CONTROL)) return true;
    }
  }
  return false;
}

/**
 * Whether the floating button in `ref` should step aside: while a control of the page lies under
 * it, so a button or field scrolled to its corner can be pressed (issue 18, item 4: the offer's
 * gift covered the transfer form's 'Enviar código'). Read again on any scroll and resize, and every
 * RECHECK_MS for content that moves under a still page (a form loading above, a font arriving).
 */
export function useStepsAside(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      if (ref.current) setAside(isOverControl(ref.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    let scrolled: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      scrolled ??= setTimeout(() => {
        scrolled = undefined;
        schedule();
      }, SCROLL_READ_MS);
    };
    // First read in the next frame, not here: in the effect React runs right after its commit,
    // reading positions forced the page's style and layout into the commit's task (decision 95).
    schedule();
    // Captured: a strip or table scrolled sideways moves controls under the button too, and an
    // element's scroll does not bubble to the window.
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const timer = setInterval(schedule, RECHECK_MS);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(scrolled);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', schedule);
      clearInterval(timer);
      setAside(false);
    };
  }, [ref, active]);
  return aside;
}
