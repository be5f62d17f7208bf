import { useEffect, useState, type RefObject } from 'react';

/**
 * Calls `onSeen` once, the first time `element` comes within `rootMargin` of the screen; returns
 * the function that stops watching. Without IntersectionObserver (old browsers, jsdom) it is now.
 */
export function whenSeen(element: Element | null, onSeen: () => void, rootMargin = '0px'): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    onSeen();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onSeen();
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** True from the first time `ref`'s element comes within `rootMargin` of the screen. */
export function useSeen(ref: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    return whenSeen(ref.current, () => setSeen(true), rootMargin);
  }, [ref, rootMargin, seen]);
  return seen;
}
