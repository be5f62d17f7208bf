import { Container } from 'pixi.js';
import type { SceneFactory } from '../shared/scene';
import { SceneKit, TuningWatch, installDigitFont, type CueHandlers } from '../shared/toolkit';
import { toEpochMs } from '../shared-art/geometry';
import { landingOffset } from '../shared-art/reel.layout';
import { drawRotation, luckyLayout, periodLabel, type LuckyLayout } from './lucky-color.layout';
import type { LuckyColorSound } from './lucky-color.sounds';
import type { tuning } from './tuning';
import { DrawnBall } from './views/drawn-ball.view';
import { DrumWheel } from './views/drum-wheel.view';
import { HistoryRows } from './views/history-rows.view';
import { BallAtlas, ballPalette } from './views/lucky-balls.art';
import { PeriodHeader } from './views/period-header.view';
import { TrendChart } from './views/trend-chart.view';

/**
 * LUCKYCOLOR's cues. The machine drives a period from `GET …/luckycolor/state` and the socket:
 * `round.opened` → `cue.period`; `round.closed` → `cue.closed`; `round.result` → `cue.draw`, then
 * `cue.result`, then `cue.history`; `round.cancelled` → `cue.cancelled`. A late joiner gets
 * `cue.history` with the state's recent periods, then the cue of the period's phase (`cue.draw` with
 * `elapsedMs` when it arrives mid-draw). Times are epoch ms on the client's clock or the server's
 * ISO texts; the machine corrects any clock skew before sending them.
 */
export type LuckyColorCue =
  /**
   * A period opens: the header shows its number, the ring counts down to `closesAt` (the last
   * seconds highlighted) and then, locked, to `drawAt` when that is later. Resolves once shown.
   */
  | {
      type: 'cue.period';
      periodId: string;
      closesAt: number | string;
      drawAt?: number | string;
      opensAt?: number | string;
    }
  /** Betting closed: the ring locks. */
  | { type: 'cue.closed'; periodId: string }
  /** The period was cancelled and refunded: the countdown stops, nothing is drawn. */
  | { type: 'cue.cancelled'; periodId: string }
  /**
   * The drum of number balls spins and stops with `digit` (0–9) under the pointer; the ball flies
   * to the middle in its colour(s). `elapsedMs` (a late joiner) plays only what is left.
   */
  | { type: 'cue.draw'; periodId: string; digit: number; elapsedMs?: number }
  /**
   * The player's outcome: `win` true bursts and chimes, false sounds low, absent or null (no bet)
   * only holds. Resolves after the hold.
   */
  | { type: 'cue.result'; periodId: string; digit: number; win?: boolean | null }
  /** Recent periods, newest first: the history balls and the trend chart. */
  | { type: 'cue.history'; periods: Array<{ periodId: string; digit: number }> };

const FONT = 'trevo-lucky-digits';
const HISTORY_KEEP = 50;

/**
 * Creates LUCKYCOLOR's scene (views/): the period header with its countdown ring, the drum of ten
 * number balls with the drawn ball in its middle, the history balls and the trend chart.
 */
export const createScene: SceneFactory<typeof tuning, LuckyColorCue> = (context) => {
  const t = context.tuning;
  const releaseFont = installDigitFont(FONT);
  const kit = new SceneKit<LuckyColorSound>(context);
  const { tweens, sound } = kit;
  const atlas = new BallAtlas(context.app.renderer);
  kit.own(() => atlas.destroy());
  kit.own(releaseFont);

  const view = new Container();
  const header = new PeriodHeader(t, tweens, sound, FONT);
  const wheel = new DrumWheel(t, tweens, sound);
  const centre = new DrawnBall(t, tweens, FONT);
  wheel.view.addChild(centre.view);
  const history = new HistoryRows(tweens, (d) => atlas.current?.small[d] ?? null);
  const trend = new TrendChart(t, FONT);
  view.addChild(header.view, wheel.view, history.view, trend.view);

  let canvas = { width: 0, height: 0 };
  let layout: LuckyLayout | null = null;
  const retuned = new TuningWatch(t);
  let turbo = false;
  let periods: Array<{ periodId: string; digit: number }> = [];
  const speed = () => (turbo ? t.turboScale : 1);

  function layoutAll(): void {
    const l = luckyLayout(canvas.width, canvas.height, t);
    layout = l;
    const sizes = { big: l.centreBall, mid: l.drum.ball, small: Math.round(l.historyBall / 2) };
    const art = atlas.rebake(sizes, ballPalette(t));
    if (art) {
      wheel.setArt(art);
      centre.setArt(art, wheel.winner);
      history.refresh();
    }
    header.draw(l);
    wheel.draw(l);
    centre.draw(l, wheel.winner);
    history.layoutFor(l);
    void history.show(digitsShown(), 0, t.historyEase);
    trend.draw(l, digitsShown());
  }

  const digitsShown = () => periods.map((p) => p.digit);

  kit.everyFrame((ticker) => {
    if (canvas.width > 0 && retuned.changed()) layoutAll();
    wheel.update(ticker, turbo);
    const frame = header.update(Date.now());
    centre.showCount(wheel.winner === null ? frame.urgent : null, frame.pulse);
  });

  /** Hides the drawn ball and its marks; the `?` ball comes back. */
  async function clearDraw(): Promise<void> {
    await Promise.all([wheel.undim(t.fadeMs, speed()), centre.clear(t.fadeMs, speed())]);
    wheel.winner = null;
  }

  async function draw(periodId: string, digit: number, elapsedMs: number | undefined): Promise<void> {
    if (!layout) return;
    await clearDraw();
    const total = t.drawDurationMs * speed();
    const left = Math.max(0, total - (elapsedMs ?? 0));
    const share = total > 0 ? left / total : 0;
    const turns = Math.max(share > 0.25 ? 1 : 0, Math.round(t.minTurns * share));
    const offset = landingOffset(`${periodId}:${digit}`) * t.landingSpread;
    const target = drawRotation(wheel.spin.rotation, digit, turns, offset);
    if (left > 0) {
      if (!turbo) sound.play('spin');
      await wheel.spinTo(target, left);
      sound.play('thud');
    }
    // Read after the spin: a resize meanwhile re-baked the balls and moved the drum.
    const art = atlas.current;
    if (!layout || !art) return;
    wheel.spin.rotation = target;
    wheel.winner = digit;
    // The drawn ball leaves its seat under the pointer and lands, big, in the middle.
    await Promise.all([
      wheel.dimOthers(t.revealMs * 0.6, speed()),
      centre.reveal(art, digit, t.revealMs, speed()),
    ]);
    sound.play('pop');
  }

  async function result(periodId: string, digit: number, win: boolean | null | undefined): Promise<void> {
    if (wheel.winner !== digit) await draw(periodId, digit, Number.POSITIVE_INFINITY);
    if (win === true) {
      sound.play('win');
      centre.celebrate(digit, t.burstMs, speed());
    } else if (win === false) {
      sound.play('lose');
    }
    await tweens.wait(t.resultHoldMs * speed());
  }

  const cues: CueHandlers<LuckyColorCue> = {
    'cue.period': async (cue, on) => {
      turbo = on;
      const closesAt = toEpochMs(cue.closesAt);
      header.open(
        periodLabel(cue.periodId),
        closesAt,
        cue.opensAt === undefined ? closesAt - t.bettingWindowMs : toEpochMs(cue.opensAt),
        cue.drawAt === undefined ? closesAt : toEpochMs(cue.drawAt),
      );
      await clearDraw();
    },
    'cue.closed': (_, on) => {
      turbo = on;
      return header.close(speed());
    },
    'cue.cancelled': (_, on) => {
      turbo = on;
      header.cancel();
      return clearDraw();
    },
    'cue.draw': (cue, on) => {
      turbo = on;
      header.lock();
      return draw(cue.periodId, cue.digit, cue.elapsedMs);
    },
    'cue.result': (cue, on) => {
      turbo = on;
      return result(cue.periodId, cue.digit, cue.win);
    },
    'cue.history': async (cue, on) => {
      turbo = on;
      periods = cue.periods
        .filter((p) => Number.isInteger(p.digit) && p.digit >= 0 && p.digit <= 9)
        .slice(0, HISTORY_KEEP);
      trend.draw(layout, digitsShown());
      await history.show(digitsShown(), t.historySlideMs * speed(), t.historyEase);
    },
  };

  return kit.scene({
    view,
    resize(width, height) {
      canvas = { width, height };
      retuned.settle();
      layoutAll();
    },
    cues,
    order: 'overlap',
    // The period header's countdown follows the round's clock every frame.
    ambient: () => true,
  });
};
