import { useEffect, useState, type DependencyList } from 'react';

/**
 * What `fetch` answers, `initial` until it does and when it fails (the caller's section then stays
 * quiet). Asked again when `deps` change; an answer to an earlier ask is dropped, so a slow reply
 * never replaces a newer one.
 */
export function useFetched<T>(fetch: () => Promise<T>, initial: T, deps: DependencyList = []): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let current = true;
    fetch().then(
      (answer) => current && setValue(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // `fetch` is the caller's; what it depends on is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
