import { Container } from 'pixi.js';
import type { SceneFactory } from '../shared/scene';
import { SceneKit, type CueHandlers } from '../shared/toolkit';
import { bakeGlow, bakeSparkle } from '../shared-art/sparkle.art';
import type { LimboSound } from './limbo.sounds';
import { climbDurationMs, climbProgress, climbValue, limboLayout, type LimboLayout } from './limbo.layout';
import type { tuning } from './tuning';
import { ClimbCounter } from './views/climb-counter.view';
import { makeStarTexture } from './views/limbo.art';
import { ResultPills, type LimboResult } from './views/result-pills.view';
import { Rocket } from './views/rocket.view';
import { Sky } from './views/sky.view';
import { TargetLine } from './views/target-line.view';

/**
 * The cues the Limbo machine sends. A round is `cue.roll` then `cue.settle`, both filled from the
 * server's answer to `/limbo/bet` (`outcome.result`, `win`) and the target the bet was placed with.
 * The scene reports no input: the HUD places the bets.
 */
export type LimboCue =
  /** The scene at rest: counter at 1,00×, target line up top labelled with `target`. */
  | { type: 'cue.reset'; target: number }
  /** The recent results (newest first) replace the pills, e.g. the player's bets before a reload. */
  | { type: 'cue.history'; results: readonly LimboResult[] }
  /** The player changed the target in the HUD: the line's label follows (no animation to wait for). */
  | { type: 'cue.target'; target: number }
  /** A bet's outcome: the counter climbs to `result`, turning green as it passes `target` on a win, red at the end on a loss. */
  | { type: 'cue.roll'; result: number; target: number; win: boolean }
  /** The round is over: the result joins the recent results and the rocket and line return to rest. */
  | { type: 'cue.settle'; result: number; win: boolean };

/**
 * Creates the Limbo scene (views/): a rocket over a parallax star field, the climbing counter, the
 * target line coming down to meet the rocket, and the recent results along the top.
 */
export const createScene: SceneFactory<typeof tuning, LimboCue> = (context) => {
  const t = context.tuning;
  const kit = new SceneKit<LimboSound>(context);
  const { tweens, baker, sound } = kit;
  const glowTexture = bakeGlow(baker);
  const starTexture = makeStarTexture(baker);
  const sparkleTexture = bakeSparkle(baker);

  const sky = new Sky(t, starTexture);
  const rocket = new Rocket(t, tweens, baker, glowTexture);
  const line = new TargetLine(t, tweens);
  const counter = new ClimbCounter(t, tweens, glowTexture, sparkleTexture);
  const pills = new ResultPills(t, tweens);
  const view = new Container({ label: 'limbo' });
  view.addChild(sky.view, rocket.exhaust, line.view, rocket.view, counter.view, pills.view);
  kit.own(() => baker.retire(glowTexture, starTexture, sparkleTexture));
  kit.own(() => rocket.release());

  let layout: LimboLayout | undefined;
  let climbing = false;
  /** How fast the counter climbs (decades per second, smoothed): it drives the stars. */
  let climbRate = 0;
  /** How far the climb is towards the target (see `climbProgress`): it places the line. */
  let progress = 0;
  let clockMs = 0;

  /** Puts the line, the rocket and the planet where the layout and the running animations say. */
  function place(l: LimboLayout): void {
    line.place(progress);
    rocket.place(l, clockMs, climbing, resting());
    sky.sink(l, rocket.flight.planetDrop);
  }

  /** With reduced motion the table is still at rest: no drifting stars, no bob, no flicker. */
  const resting = () => context.reducedMotion && !climbing;

  kit.everyFrame(() => {
    const ms = Math.min(100, context.app.ticker.deltaMS);
    if (!resting()) clockMs += ms;
    if (!layout) return;
    if (!climbing) climbRate *= Math.pow(0.02, ms / 1000);
    // After a climb the rush dies away; at rest with reduced motion nothing drifts after it.
    const speed = (resting() ? 0 : t.starIdleSpeed) + t.starRushSpeed * climbRate;
    sky.update(layout, ms, speed);
    counter.update();
    rocket.updateExhaust(layout, ms, speed, climbing);
    place(layout);
  });

  /** Everything at rest: no climb, the line up top, the counter without glow. */
  function toRest(): void {
    rocket.stop();
    counter.stop();
    line.stop();
    climbing = false;
    progress = 0;
  }

  /** Counts up to `result` over `ms` × `speed`: the line comes down, the stars rush, ticks sound. */
  function climb(result: number, win: boolean, ms: number, speed: number): Promise<void> {
    const clock = { e: 0 };
    let lastLog = 0;
    let lastTickStep = 0;
    let lastUpdate = performance.now();
    sound.rearm('tick');
    const onUpdate = () => {
      const now = performance.now();
      const value = climbValue(result, clock.e);
      const log = Math.log10(value);
      const dt = Math.max(1, now - lastUpdate) / 1000;
      climbRate = climbRate * 0.7 + ((log - lastLog) / dt) * 0.3;
      lastLog = log;
      lastUpdate = now;
      counter.set(value);
      progress = climbProgress(value, line.target);
      if (!line.crossed && value >= line.target && win) {
        line.setCrossed(true);
        counter.tint(t.winColor);
        void line.fadeIn(0.2, 240, speed);
      }
      const step = Math.floor(log / t.tickDecades);
      if (step > lastTickStep && sound.spaced('tick', t.tickMinGapMs)) lastTickStep = step;
    };
    return tweens.to(clock, { e: 1, ease: t.climbEase, onUpdate }, ms, speed);
  }

  async function roll(cue: Extract<LimboCue, { type: 'cue.roll' }>, speed: number): Promise<void> {
    if (!layout) return;
    toRest();
    const result = Math.max(1, Number(cue.result) || 1);
    line.setTarget(Number(cue.target));
    line.setCrossed(false);
    counter.set(1);
    counter.tint(t.counterColor);
    climbing = true;
    sound.play('launch');
    // A result of 1,00× is a loss at once: a short stall instead of a climb.
    const duration = result <= 1 ? t.climbBaseMs * 0.35 : climbDurationMs(result, t);
    rocket.launch(layout, duration, speed);
    await climb(result, cue.win, duration, speed);
    climbing = false;
    counter.set(result);
    progress = climbProgress(result, line.target);
    if (cue.win) {
      line.setCrossed(true);
      counter.tint(t.winColor);
      sound.play('win');
      rocket.rise(layout, speed);
      await counter.win(speed);
    } else {
      sound.play('lose');
      rocket.droop(layout, speed);
      await counter.lose(speed);
    }
  }

  async function settle(cue: Extract<LimboCue, { type: 'cue.settle' }>, speed: number): Promise<void> {
    if (!layout) return;
    pills.push({ result: Number(cue.result) || 1, win: cue.win === true }, t.settleMs * 0.6, speed);
    climbing = false;
    // A line that swept off the bottom comes back from the top; one left short rises back.
    const back = { p: progress };
    const lineBack =
      progress > 1
        ? line.fadeIn(0, t.settleMs, speed)
        : tweens.to(
            back,
            { p: 0, ease: t.settleEase, onUpdate: () => (progress = back.p) },
            t.settleMs,
            speed,
          );
    if (progress > 1) progress = 0;
    await Promise.all([lineBack, rocket.land(speed), counter.dim(t.settleMs, speed)]);
    line.setCrossed(false);
  }

  const cues: CueHandlers<LimboCue> = {
    'cue.reset': async (cue, turbo) => {
      toRest();
      line.setCrossed(false);
      line.setTarget(Number(cue.target));
      counter.set(1);
      counter.tint(t.counterColor);
      await counter.fadeIn(t.settleMs * 0.5, turbo ? t.turboFactor : 1);
    },
    'cue.history': (cue) => pills.replace(cue.results),
    'cue.target': (cue) => line.setTarget(Number(cue.target)),
    'cue.roll': (cue, turbo) => roll(cue, turbo ? t.turboFactor : 1),
    'cue.settle': (cue, turbo) => settle(cue, turbo ? t.turboFactor : 1),
  };

  return kit.scene({
    view,
    resize(width, height) {
      if (width <= 0 || height <= 0) return;
      layout = limboLayout(width, height, t);
      sky.layoutFor(layout);
      line.layoutFor(layout);
      rocket.layoutFor(layout);
      counter.layoutFor(layout);
      pills.layoutFor(layout);
      place(layout);
    },
    cues,
    order: 'queue',
    // The stars drift and the rocket bobs at rest, unless the player asked for reduced motion.
    ambient: () => !context.reducedMotion,
  });
};
