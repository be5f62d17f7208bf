import { describe, expect, it } from 'vitest';
import { FrameRate, REST_AFTER_MS, REST_FPS, STILL_FPS } from '../../../src/games/shared/frame-rate';

describe("the stage's frame rate", () => {
  it('draws every frame while a cue animates and for a while after, then rests', () => {
    const rate = new FrameRate(0);
    expect(rate.maxFps(100, false, true)).toBe(0);
    expect(rate.maxFps(REST_AFTER_MS - 1, false, true)).toBe(0);
    expect(rate.maxFps(REST_AFTER_MS, false, true)).toBe(REST_FPS);
    // a cue starts: the next frame is at the full rate, and stays so while it plays
    expect(rate.maxFps(5_000, true, true)).toBe(0);
    expect(rate.maxFps(9_000, true, true)).toBe(0);
    expect(rate.maxFps(9_000 + REST_AFTER_MS - 1, false, true)).toBe(0);
    expect(rate.maxFps(9_000 + REST_AFTER_MS, false, true)).toBe(REST_FPS);
  });

  it('a table without ambient motion rests at the heartbeat, and a cue still gets every frame', () => {
    const rate = new FrameRate(0);
    expect(rate.maxFps(REST_AFTER_MS - 1, false, false)).toBe(0);
    expect(rate.maxFps(REST_AFTER_MS, false, false)).toBe(STILL_FPS);
    expect(STILL_FPS).toBeLessThan(REST_FPS);
    expect(rate.maxFps(4_000, true, false)).toBe(0);
    expect(rate.maxFps(4_000 + REST_AFTER_MS, false, false)).toBe(STILL_FPS);
  });

  it('a touch on the table wakes it', () => {
    const rate = new FrameRate(0);
    expect(rate.maxFps(10_000, false, true)).toBe(REST_FPS);
    rate.wake(10_500);
    expect(rate.maxFps(10_600, false, true)).toBe(0);
    expect(rate.maxFps(10_500 + REST_AFTER_MS, false, false)).toBe(STILL_FPS);
  });
});
