import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_DURATION_MS, COUNT_UP_START_MS, CountUp } from '../../src/shell/footer/count-up';

/**
 * Spec 9's footer counters start 1 s after they appear, read as "after the player can see them":
 * a count run below the fold would be over unseen, and would re-render and lay the page out on
 * every frame of its first seconds (the Lighthouse bench's blocking time, issue 18).
 */

let observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
const RealObserver = globalThis.IntersectionObserver;

beforeEach(() => {
  observers = [];
  vi.useFakeTimers();
  globalThis.IntersectionObserver = class {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] as Element[], disconnected: false };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.disconnected = true;
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  vi.useRealTimers();
  globalThis.IntersectionObserver = RealObserver;
});

function show(isIntersecting: boolean) {
  for (const o of observers) {
    if (o.disconnected) continue;
    const entries = o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => o.callback(entries, {} as IntersectionObserver));
  }
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('CountUp', () => {
  it('waits, at 0, until the counter is on screen; then counts to the figure in 2 s after 1 s', () => {
    render(<CountUp value={1500} locale="pt-BR" testId="count" />);
    const count = screen.getByTestId('count');
    advance(COUNT_UP_START_MS + COUNT_UP_DURATION_MS + 500);
    expect(count.textContent).toBe('0');

    show(false);
    advance(COUNT_UP_START_MS + COUNT_UP_DURATION_MS + 500);
    expect(count.textContent).toBe('0');

    show(true);
    advance(COUNT_UP_START_MS - 100);
    expect(count.textContent).toBe('0');
    advance(100 + COUNT_UP_DURATION_MS / 2);
    expect(count.textContent).not.toBe('0');
    advance(COUNT_UP_DURATION_MS);
    expect(count.textContent).toBe('1,5K+');
    // Seen once is enough: the observer is let go.
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });
});
