import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Which sides of a horizontally scrolling box hide columns. */
interface Edges {
  left: boolean;
  right: boolean;
}

/** Follows `box`'s horizontal overflow: on scroll, and when it or its table changes size. */
function useHiddenEdges(box: React.RefObject<HTMLDivElement | null>): Edges {
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = () => {
      const max = el.scrollWidth - el.clientWidth;
      // A pixel of slack: zoomed pages report fractional widths.
      const next = { left: el.scrollLeft > 1, right: el.scrollLeft < max - 1 };
      setEdges((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    };
    el.addEventListener('scroll', read, { passive: true });
    // The observer's first report, after the browser's layout, is the first read: reading here,
    // during React's commit, would force the page's style and layout into it (decision 95).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    if (!observer) read();
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [box]);
  return edges;
}

/**
 * A table wider than a phone: it scrolls sideways, and while columns are hidden a line above says
 * so and a shade marks the side they are on. Without it the VIP and referral tables ended mid-column
 * at the screen's edge with nothing to say more was there. `labelledBy` names the scrolling region
 * (it takes the keyboard focus, so arrow keys scroll it).
 */
export function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const edges = useHiddenEdges(box);
  const hidden = edges.left || edges.right;
  return (
    <div className="scroll-table">
      {hidden && (
        <p className="scroll-table__hint" data-testid="table-scroll-hint">
          {t('common.tableScroll')} <span aria-hidden="true">{edges.right ? '→' : '←'}</span>
        </p>
      )}
      <div
        className="scroll-table__frame"
        data-hidden-left={edges.left || undefined}
        data-hidden-right={edges.right || undefined}
      >
        <div ref={box} className="table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
          {children}
        </div>
      </div>
    </div>
  );
}
