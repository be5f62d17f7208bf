import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FEED_PER_TICK,
  FEED_TICK_MS,
  pushBetFeed,
  type FeedEntry,
} from '../../server/modules/games/bet-feed';
import type { Realtime } from '../../server/platform/realtime';

/** The live feed costs a few writes per half second whatever the bet rate (bench:load's bottleneck). */

afterEach(() => vi.useRealTimers());

function fakeRealtime() {
  const sent: FeedEntry[] = [];
  const realtime = {
    broadcast: (event: string, payload: unknown) => {
      expect(event).toBe('bets.feed');
      sent.push(payload as FeedEntry);
    },
  } as unknown as Realtime;
  return { realtime, sent };
}

const bet = (payout: number, i: number): FeedEntry => ({
  game: 'dice',
  player: `jo***@e***`,
  amount: 1,
  multiplier: payout,
  payout: payout + i / 1000,
});

describe('bets.feed sampling', () => {
  it('sends every bet of a quiet half second, after it', () => {
    vi.useFakeTimers();
    const { realtime, sent } = fakeRealtime();
    pushBetFeed(realtime, bet(2, 0));
    pushBetFeed(realtime, bet(0, 1));
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(FEED_TICK_MS);
    expect(sent.map((e) => e.payout)).toEqual([2, 0.001]);
  });

  it('sends only the biggest payouts of a busy half second, in the order they were played', () => {
    vi.useFakeTimers();
    const { realtime, sent } = fakeRealtime();
    const payouts = [1, 9, 0, 5, 7, 0, 3, 8, 2, 0];
    payouts.forEach((p, i) => pushBetFeed(realtime, bet(p, i)));
    vi.advanceTimersByTime(FEED_TICK_MS);
    expect(sent).toHaveLength(FEED_PER_TICK);
    expect(sent.map((e) => Math.floor(e.payout))).toEqual(
      [9, 7, 8, 5].sort((a, b) => payouts.indexOf(a) - payouts.indexOf(b)),
    );
    // The next half second starts empty.
    vi.advanceTimersByTime(FEED_TICK_MS * 3);
    expect(sent).toHaveLength(FEED_PER_TICK);
  });
});
