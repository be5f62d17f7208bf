import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import { buildSportsApp, manualClock } from './sports-helpers';

/**
 * The sportsbook's test clock (TREVO_TEST_CLOCK=1): end-to-end journeys play matches out instead of
 * waiting for them. It only moves forward, by simulated minutes (scaled by the feed's speed) or to
 * an instant, and it exists only when the flag is set (production refuses the flag: config.test.ts).
 */
describe('the sportsbook test clock', () => {
  const start = Date.parse('2026-11-28T15:00:00Z');
  const clock = manualClock(start);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSportsApp(clock.now, { TREVO_TEST_CLOCK: '1', SPORTS_FEED_SPEED: '60' });
  });
  afterAll(async () => {
    await app.close();
  });

  const now = async () =>
    Date.parse(
      ((await call(app, { method: 'GET', url: '/dev/sports/clock' })).body as unknown as { now: string }).now,
    );

  it('tells the sportsbook’s clock and the feed’s speed', async () => {
    const res = await call(app, { method: 'GET', url: '/dev/sports/clock' });
    expect(res.body).toEqual({ now: new Date(start).toISOString(), speed: 60 });
  });

  it('moves by simulated minutes, scaled by the speed, and to a later instant', async () => {
    await call(app, { method: 'POST', url: '/dev/sports/clock', payload: { simMinutes: 90 } });
    // 90 simulated minutes at 60× are 90 real seconds.
    expect(await now()).toBe(start + 90_000);
    expect(app.sports.now()).toBe(start + 90_000);
    const later = start + 3_600_000;
    await call(app, {
      method: 'POST',
      url: '/dev/sports/clock',
      payload: { to: new Date(later).toISOString() },
    });
    expect(await now()).toBe(later);
    // The manual clock underneath still runs: the offset is kept.
    clock.advance(1_000);
    expect(await now()).toBe(later + 1_000);
  });

  it('never goes back, and refuses a malformed move in the envelope', async () => {
    const before = await now();
    await call(app, {
      method: 'POST',
      url: '/dev/sports/clock',
      payload: { to: new Date(start).toISOString() },
    });
    expect(await now()).toBe(before);
    const bad = await call(app, { method: 'POST', url: '/dev/sports/clock', payload: { simMinutes: -5 } });
    expect(bad.code).toBe(400);
    expect(await now()).toBe(before);
    // No jump beyond a simulated week: the feed would simulate every sport through it at once.
    const far = await call(app, {
      method: 'POST',
      url: '/dev/sports/clock',
      payload: { to: '9999-12-31T00:00:00Z' },
    });
    expect(far.code).toBe(400);
    expect(
      (
        await call(app, {
          method: 'POST',
          url: '/dev/sports/clock',
          payload: { simMinutes: 7 * 24 * 60 + 1 },
        })
      ).code,
    ).toBe(400);
    expect(await now()).toBe(before);
  });

  it('does not exist without the flag', async () => {
    const plain = await buildSportsApp(clock.now);
    try {
      expect(
        (await plain.inject({ method: 'POST', url: '/dev/sports/clock', payload: { simMinutes: 5 } }))
          .statusCode,
      ).toBe(404);
      expect((await plain.inject({ method: 'GET', url: '/dev/sports/clock' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
