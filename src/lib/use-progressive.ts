import { startTransition, useEffect, useState } from 'react';

/**
 * The first `first` items of a long list at once, and all of them in a transition after that
 * first render is on screen. A phone shows a handful of rows; rendering dozens (the sportsbook's
 * fixtures, each with its price buttons) before the first paint was one task of half a second
 * on Lighthouse's phone CPU. In a transition React renders the rest in slices and yields to a tap
 * in between. Once the whole list has been shown it stays whole when the items change.
 */
export function useProgressive<T>(items: readonly T[], first: number): readonly T[] {
  const [whole, setWhole] = useState(false);
  const short = items.length <= first;
  useEffect(() => {
    if (whole || short) return;
    startTransition(() => setWhole(true));
  }, [whole, short]);
  return whole || short ? items : items.slice(0, first);
}
