import { useEffect, useRef, useState } from 'react';
import { abbreviateCount } from '../../lib/format';
import { prefersReducedMotion } from '../../lib/motion';
import { whenSeen } from '../../lib/when-seen';

/** Spec 9: the footer counters run for 2 s, starting 1 s (plus any delay) after they appear. */
export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_START_MS = 1000;

// "Appear" in spec 9 is read as the player seeing the counter (whenSeen): the footer is below the
// fold on most pages, and a count that ran while nobody looked would be over before anyone saw
// it, after costing a re-render and a layout on every frame of the page's first seconds.

/**
 * The number shown while counting up to `value` once `ref`'s element is seen (spec 9), for a
 * label that must agree with the number on screen ("1 jogador", not "1 jogadores" on the way up).
 */
export function useCountUp(value: number, delayMs = 0) {
  const [shown, setShown] = useState(0);
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (prefersReducedMotion()) {
      setShown(value);
      return;
    }
    let frame = 0;
    let start = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (now: number) => {
      if (!start) start = now;
      const progress = Math.min(1, (now - start) / COUNT_UP_DURATION_MS);
      // Ease-out so the last digits settle instead of stopping abruptly.
      setShown(value * (1 - (1 - progress) ** 3));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    const stopWatching = whenSeen(ref.current, () => {
      timer = setTimeout(() => {
        frame = requestAnimationFrame(tick);
      }, COUNT_UP_START_MS + delayMs);
    });
    return () => {
      stopWatching();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [value, delayMs]);
  return { shown, ref };
}

/** The figure of a count (useCountUp), abbreviated (K+, M+, B+) at every frame. */
export function CountFigure({
  count,
  value,
  locale,
  prefix = '',
  testId,
}: {
  count: ReturnType<typeof useCountUp>;
  value: number;
  locale: string;
  prefix?: string;
  testId?: string;
}) {
  return (
    <span ref={count.ref} className="count-up" data-testid={testId} data-value={value}>
      {prefix}
      {abbreviateCount(count.shown, locale)}
    </span>
  );
}

/** A number that counts up to `value`, abbreviated (K+, M+, B+) at every frame. */
export function CountUp({
  value,
  delayMs = 0,
  ...figure
}: {
  value: number;
  delayMs?: number;
  locale: string;
  prefix?: string;
  testId?: string;
}) {
  return <CountFigure count={useCountUp(value, delayMs)} value={value} {...figure} />;
}
