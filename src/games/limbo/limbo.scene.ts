import { BitmapText, Color, Container, Graphics, Sprite, Text, Texture, type ColorSource } from 'pixi.js';
import type { GameScene, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import { Baker } from '../mines/baker';
import { smooth } from '../shared-art/smooth';
import { CueRunner, Motion } from '../mines/motion';
import type { LimboSound } from './limbo.sounds';
import {
  climbDurationMs,
  climbProgress,
  climbValue,
  formatMultiplier,
  limboLayout,
  lineY,
  type LimboLayout,
} from './limbo.layout';
import { tuning } from './tuning';

/** One settled result, as the recent-results row shows it. */
export interface LimboResult {
  result: number;
  win: boolean;
}

/**
 * The cues the Limbo machine sends. A round is `cue.roll` then `cue.settle`, both filled from the
 * server's answer to `/limbo/bet` (`outcome.result`, `win`) and the target the bet was placed with.
 * The scene reports no input: the HUD places the bets.
 */
export type LimboCue =
  /** The scene at rest: counter at 1,00×, target line up top labelled with `target`; `history` fills the recent results (newest first). */
  | { type: 'cue.reset'; target: number; history?: readonly LimboResult[] }
  /** The player changed the target in the HUD: the line's label follows (no animation to wait for). */
  | { type: 'cue.target'; target: number }
  /** A bet's outcome: the counter climbs to `result`, turning green as it passes `target` on a win, red at the end on a loss. */
  | { type: 'cue.roll'; result: number; target: number; win: boolean }
  /** The round is over: the result joins the recent results and the rocket and line return to rest. */
  | { type: 'cue.settle'; result: number; win: boolean };

type Tuning = TuningValues<typeof tuning>;

const KNOWN_CUES = new Set<string>(['cue.reset', 'cue.target', 'cue.roll', 'cue.settle'] satisfies Array<
  LimboCue['type']
>);

const FONT = [
  'Segoe UI',
  'system-ui',
  '-apple-system',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'Noto Sans',
  'sans-serif',
];
/** The counter's glyphs are rasterised once at this size and scaled, so resizing never re-renders a font. */
const COUNTER_FONT_PX = 160;
/** Depth of each star layer (share of the rush speed) and its share of the stars: far, middle, near. */
const STAR_LAYERS = [
  { speed: 0.22, share: 0.5, size: 0.55 },
  { speed: 0.5, share: 0.32, size: 0.8 },
  { speed: 1, share: 0.18, size: 1.15 },
];

interface Star {
  sprite: Sprite;
  layer: number;
  size: number;
}

interface Puff {
  sprite: Sprite;
  lifeMs: number;
  ageMs: number;
  drift: number;
}

interface Pill {
  root: Container;
  width: number;
}

/** Creates the Limbo scene: a rocket over a parallax star field, the climbing counter and the target line. */
export const createScene: SceneFactory<typeof tuning, LimboCue> = (context) => {
  const t = context.tuning;
  const baker = new Baker(context.app);
  const motion = new Motion();
  const cues = new CueRunner();
  const play = (name: LimboSound) => context.sound.play(name);

  const view = new Container({ label: 'limbo' });
  const starsLayer = new Container();
  const planet = new Graphics();
  const puffsLayer = new Container();
  const lineBox = new Container();
  const lineDashes = new Graphics();
  const lineLabel = new Container();
  const lineLabelPanel = new Graphics();
  const lineLabelText = new Text({ text: '', style: { fontFamily: FONT, fontWeight: '800' } });
  lineLabelText.anchor.set(0.5);
  lineLabel.addChild(lineLabelPanel, lineLabelText);
  lineBox.addChild(lineDashes, lineLabel);
  const rocketBox = new Container();
  const flame = new Sprite();
  const rocket = new Sprite();
  flame.anchor.set(0.5, 0);
  flame.blendMode = 'add';
  rocket.anchor.set(0.5);
  rocketBox.addChild(flame, rocket);
  const counterGlow = new Sprite();
  counterGlow.anchor.set(0.5);
  counterGlow.alpha = 0;
  counterGlow.blendMode = 'add';
  const counterBox = new Container();
  const counter = new BitmapText({
    text: formatMultiplier(1),
    style: { fontFamily: FONT, fontSize: COUNTER_FONT_PX, fontWeight: '800', fill: '#ffffff' },
  });
  counter.anchor.set(0.5);
  counterBox.addChild(counter);
  const fx = new Container();
  const historyLayer = new Container();
  view.addChild(
    starsLayer,
    planet,
    puffsLayer,
    lineBox,
    rocketBox,
    counterGlow,
    counterBox,
    fx,
    historyLayer,
  );

  const glowTexture = makeGlowTexture(baker);
  const starTexture = makeStarTexture(baker);
  const sparkleTexture = makeSparkleTexture(baker);
  counterGlow.texture = glowTexture;
  let rocketTextures: { height: number; rocket: Texture; flame: Texture } | undefined;

  let layout: LimboLayout | undefined;
  let target = 2;
  let climbing = false;
  let climbRate = 0;
  let lastLog = 0;
  let crossed = false;
  let labelWidth = 0;
  let progress = 0;
  /** Offsets the animations own, applied on top of the layout every frame. */
  const rocketMotion = { lift: 0, tilt: 0, flame: 1, planetDrop: 0, shake: 0 };
  let clockMs = 0;
  let puffTimerMs = 0;
  let rocketStyle = '';
  let stars: Star[] = [];
  const puffs: Puff[] = [];
  const pills: Pill[] = [];

  // Layout ---------------------------------------------------------------------------------------

  /** The knobs the rocket's textures are drawn with (a change redraws them). */
  function rocketKey(): string {
    return [t.rocketColor, t.rocketAccentColor, t.rocketWindowColor, t.flameColor, t.flameCoreColor].join(
      '|',
    );
  }

  function relayout(width: number, height: number) {
    if (width <= 0 || height <= 0) return;
    layout = limboLayout(width, height, t);

    buildStars();
    drawPlanet();
    drawLabel();
    drawLine();

    const h = Math.max(16, Math.round(layout.rocket.height / 4) * 4);
    if (!rocketTextures || rocketTextures.height !== h || rocketKey() !== rocketStyle) {
      const old = rocketTextures;
      rocketTextures = {
        height: h,
        rocket: makeRocketTexture(baker, h, t),
        flame: makeFlameTexture(baker, h, t),
      };
      rocket.texture = rocketTextures.rocket;
      flame.texture = rocketTextures.flame;
      rocketStyle = rocketKey();
      if (old) baker.retire(old.rocket, old.flame);
    }
    rocket.scale.set(layout.rocket.height / h);
    flame.scale.x = layout.rocket.height / h;

    counterBox.position.set(layout.counter.x, layout.counter.y);
    counterGlow.position.set(layout.counter.x, layout.counter.y);
    counterGlow.width = Math.min(width * 0.9, layout.counter.fontSize * 6);
    counterGlow.height = layout.counter.fontSize * 2.2;
    fitCounter();
    layoutPills(false);
    placeDynamic();
  }

  function buildStars() {
    if (!layout) return;
    const { width, height } = layout;
    const count = Math.round(Math.max(0, t.starCount) * Math.min(3, (width * height) / (1280 * 600)));
    for (const child of starsLayer.removeChildren()) child.destroy();
    stars = [];
    STAR_LAYERS.forEach((layer, index) => {
      const n = Math.round(count * layer.share);
      for (let i = 0; i < n; i++) {
        const size = layer.size * (0.6 + Math.random() * 0.8);
        const sprite = new Sprite({ texture: starTexture, anchor: 0.5, tint: t.starColor });
        sprite.alpha = (0.35 + Math.random() * 0.65) * (0.5 + index * 0.25);
        sprite.position.set(Math.random() * width, Math.random() * height);
        sprite.scale.set(size * 0.5);
        starsLayer.addChild(sprite);
        stars.push({ sprite, layer: index, size: size * 0.5 });
      }
    });
  }

  function drawPlanet() {
    if (!layout) return;
    const { width, height } = layout;
    const r = Math.max(width, height) * 1.2;
    const cx = width / 2;
    const cy = height * 0.97 + r;
    // Only the planet's cap shows (it sinks as the rocket climbs), so only the cap is drawn: a slice
    // of the huge circle the canvas is wide, small enough to keep as one antialiased texture.
    const edgeY = cy - Math.sqrt(r * r - (cx + 8) * (cx + 8));
    const bottom = Math.max(height * 1.04, edgeY) + 4;
    const arc = (radius: number) => {
      const points: number[] = [];
      const steps = 48;
      for (let i = 0; i <= steps; i++) {
        const x = -8 + ((width + 16) * i) / steps;
        points.push(x, cy - Math.sqrt(radius * radius - (x - cx) * (x - cx)));
      }
      return points;
    };
    const cap = (radius: number) => [...arc(radius), width + 8, bottom, -8, bottom];
    const rim = arc(r);
    planet
      .clear()
      .poly(cap(r + 6))
      .fill({ color: t.planetRimColor, alpha: 0.12 })
      .poly(cap(r))
      .fill(t.planetColor)
      .moveTo(rim[0]!, rim[1]!);
    for (let i = 2; i < rim.length; i += 2) planet.lineTo(rim[i]!, rim[i + 1]!);
    planet
      .stroke({ color: t.planetRimColor, alpha: 0.55, width: 2 })
      .ellipse(cx - width * 0.28, height * 0.99, width * 0.05, height * 0.008)
      .fill({ color: '#000000', alpha: 0.25 })
      .ellipse(cx + width * 0.22, height * 1.01, width * 0.07, height * 0.01)
      .fill({ color: '#000000', alpha: 0.25 });
    smooth(planet);
  }

  function drawLine() {
    if (!layout) return;
    const { left } = layout.line;
    // The dashes stop short of the label at the right end.
    const right = lineLabel.x - labelWidth / 2 - 6;
    const dash = 10;
    const gap = 8;
    lineDashes.clear();
    for (let x = left; x < right; x += dash + gap)
      lineDashes.moveTo(x, 0).lineTo(Math.min(right, x + dash), 0);
    lineDashes.stroke({ color: '#ffffff', width: 2, alpha: 0.9 });
    lineDashes.tint = crossed ? t.winColor : t.lineColor;
  }

  function drawLabel() {
    if (!layout) return;
    const size = Math.max(
      12,
      Math.round(Math.max(layout.history.height * 0.62, layout.counter.fontSize * 0.13)),
    );
    lineLabelText.text = formatMultiplier(target);
    lineLabelText.style.fontSize = size;
    const color = crossed ? t.winColor : t.lineColor;
    lineLabelText.style.fill = color;
    const w = lineLabelText.width + size * 1.1;
    const h = size * 1.6;
    lineLabelPanel
      .clear()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: t.panelColor, alpha: 0.95 })
      .stroke({ color, width: 2 });
    smooth(lineLabelPanel);
    lineLabel.position.set(layout.line.right - w / 2, 0);
    labelWidth = w;
  }

  /** The counter at its font size, shrunk when a long value would overflow. */
  function fitCounter() {
    if (!layout) return;
    const natural = counter.getLocalBounds().width || 1;
    const scale = Math.min(layout.counter.fontSize / COUNTER_FONT_PX, layout.counter.maxWidth / natural);
    counter.scale.set(scale);
  }

  function setCounter(v: number) {
    const text = formatMultiplier(v);
    if (counter.text === text) return;
    counter.text = text;
    fitCounter();
  }

  /** Puts the line, the rocket and the planet where the layout and the running animations say. */
  function placeDynamic() {
    if (!layout) return;
    lineBox.y = lineY(progress, layout);
    const bob = climbing ? 0 : Math.sin((clockMs / t.bobMs) * Math.PI * 2) * t.bobPx;
    const jitter = rocketMotion.shake * (Math.random() * 2 - 1);
    rocketBox.position.set(layout.rocket.x + jitter, layout.rocket.y + bob - rocketMotion.lift);
    rocketBox.rotation = rocketMotion.tilt;
    flame.y = layout.rocket.height * 0.42;
    const flicker = 1 + t.flameFlicker * (Math.sin(clockMs * 0.047) * 0.6 + (Math.random() - 0.5));
    flame.scale.y =
      (layout.rocket.height / (rocketTextures?.height ?? layout.rocket.height)) *
      rocketMotion.flame *
      flicker;
    planet.y = rocketMotion.planetDrop * layout.height;
  }

  // Per frame ------------------------------------------------------------------------------------

  function onTick() {
    const ms = Math.min(100, context.app.ticker.deltaMS);
    clockMs += ms;
    if (!layout) return;
    if (!climbing) climbRate *= Math.pow(0.02, ms / 1000);
    const speed = t.starIdleSpeed + t.starRushSpeed * climbRate;
    const { width, height } = layout;
    for (const star of stars) {
      const factor = STAR_LAYERS[star.layer]!.speed;
      const s = star.sprite;
      s.y += (speed * factor * ms) / 1000;
      s.scale.y = star.size * Math.min(t.streakMax, 1 + (speed * factor) / 160);
      if (s.y > height + 20) {
        s.y = -20 - Math.random() * 40;
        s.x = Math.random() * width;
      }
    }
    counterGlow.visible = counterGlow.alpha > 0.001;
    updatePuffs(ms, speed);
    placeDynamic();
  }
  context.app.ticker.add(onTick);

  function updatePuffs(ms: number, speed: number) {
    if (!layout) return;
    puffTimerMs += ms;
    if (climbing && puffTimerMs > 34) {
      puffTimerMs = 0;
      const sprite = new Sprite({
        texture: glowTexture,
        anchor: 0.5,
        tint: t.flameCoreColor,
        blendMode: 'add',
      });
      sprite.position.set(
        rocketBox.x + (Math.random() - 0.5) * layout.rocket.height * 0.12,
        rocketBox.y + layout.rocket.height * 0.75,
      );
      puffsLayer.addChild(sprite);
      puffs.push({ sprite, lifeMs: 700 + Math.random() * 300, ageMs: 0, drift: (Math.random() - 0.5) * 30 });
    }
    for (let i = puffs.length - 1; i >= 0; i--) {
      const puff = puffs[i]!;
      puff.ageMs += ms;
      const k = puff.ageMs / puff.lifeMs;
      if (k >= 1) {
        puff.sprite.destroy();
        puffs.splice(i, 1);
        continue;
      }
      puff.sprite.y += ((speed * 0.6 + 60) * ms) / 1000;
      puff.sprite.x += (puff.drift * ms) / 1000;
      const size = (layout.rocket.height * (0.12 + 0.35 * k)) / glowTexture.width;
      puff.sprite.scale.set(size);
      puff.sprite.alpha = 0.45 * (1 - k);
      puff.sprite.tint = k < 0.3 ? t.flameCoreColor : t.smokeColor;
    }
  }

  // Cues -----------------------------------------------------------------------------------------

  function setTarget(next: number) {
    if (!(Number.isFinite(next) && next > 0)) return;
    target = next;
    drawLabel();
    drawLine();
  }

  function setCrossed(on: boolean) {
    crossed = on;
    drawLabel();
    drawLine();
  }

  function toRest() {
    motion.kill(rocketMotion, counterBox, counterBox.scale, counterGlow, lineBox, counter);
    climbing = false;
    progress = 0;
    rocketMotion.lift = 0;
    rocketMotion.tilt = 0;
    rocketMotion.flame = 1;
    rocketMotion.planetDrop = 0;
    rocketMotion.shake = 0;
    counterBox.position.set(layout?.counter.x ?? 0, layout?.counter.y ?? 0);
    counterBox.scale.set(1);
    counterGlow.alpha = 0;
    lineBox.alpha = 1;
  }

  async function reset(cue: Extract<LimboCue, { type: 'cue.reset' }>, speed: number) {
    toRest();
    setCrossed(false);
    setTarget(Number(cue.target));
    setCounter(1);
    counter.tint = t.counterColor;
    if (Array.isArray(cue.history)) {
      for (const pill of pills.splice(0)) pill.root.destroy({ children: true });
      for (const item of [...cue.history].reverse()) addPill(item, false);
      layoutPills(false);
    }
    await motion.fromTo(counterBox, { alpha: 0 }, { alpha: 1 }, t.settleMs * 0.5, speed);
  }

  async function roll(cue: Extract<LimboCue, { type: 'cue.roll' }>, speed: number) {
    if (!layout) return;
    toRest();
    const result = Math.max(1, Number(cue.result) || 1);
    setTarget(Number(cue.target));
    setCrossed(false);
    setCounter(1);
    counter.tint = t.counterColor;
    lastLog = 0;
    climbing = true;
    play('launch');
    void motion.to(
      rocketMotion,
      { flame: t.flameBoost, shake: 1.2, lift: layout.height * 0.03, ease: 'power2.out' },
      260,
      speed,
    );
    // A result of 1,00× is a loss at once: a short stall instead of a climb.
    const duration = result <= 1 ? t.climbBaseMs * 0.35 : climbDurationMs(result, t);
    void motion.to(rocketMotion, { planetDrop: 0.35, ease: 'power2.in' }, duration, speed);

    const clock = { e: 0 };
    let lastTickMs = -Infinity;
    let lastTickStep = 0;
    let lastUpdate = performance.now();
    await motion.to(
      clock,
      {
        e: 1,
        ease: t.climbEase,
        onUpdate: () => {
          const now = performance.now();
          const value = climbValue(result, clock.e);
          const log = Math.log10(value);
          const dt = Math.max(1, now - lastUpdate) / 1000;
          climbRate = climbRate * 0.7 + ((log - lastLog) / dt) * 0.3;
          lastLog = log;
          lastUpdate = now;
          setCounter(value);
          progress = climbProgress(value, target);
          if (!crossed && value >= target && cue.win) {
            setCrossed(true);
            counter.tint = t.winColor;
            void motion.fromTo(lineBox, { alpha: 0.2 }, { alpha: 1 }, 240, speed);
          }
          const step = Math.floor(log / t.tickDecades);
          if (step > lastTickStep && now - lastTickMs >= t.tickMinGapMs) {
            lastTickStep = step;
            lastTickMs = now;
            play('tick');
          }
        },
      },
      duration,
      speed,
    );
    climbing = false;
    setCounter(result);
    progress = climbProgress(result, target);
    if (cue.win) await win(speed);
    else await lose(speed);
  }

  async function win(speed: number) {
    if (!layout) return;
    setCrossed(true);
    counter.tint = t.winColor;
    play('win');
    counterGlow.tint = t.winColor;
    burst(speed);
    void motion.to(
      rocketMotion,
      { shake: 0, lift: layout.height * 0.07, ease: 'back.out(2)' },
      t.resultPopMs,
      speed,
    );
    await Promise.all([
      motion.fromTo(
        counterBox.scale,
        { x: 1.22, y: 1.22 },
        { x: 1, y: 1, ease: t.resultPopEase },
        t.resultPopMs,
        speed,
      ),
      motion.fromTo(
        counterGlow,
        { alpha: 0.55 },
        { alpha: 0.18, ease: 'power2.out' },
        t.resultPopMs * 2,
        speed,
      ),
    ]);
  }

  async function lose(speed: number) {
    if (!layout) return;
    counter.tint = t.loseColor;
    play('lose');
    counterGlow.tint = t.loseColor;
    const shake = { p: 0 };
    const x = layout.counter.x;
    void motion.to(
      rocketMotion,
      { flame: 0.25, shake: 0, lift: -layout.height * 0.02, tilt: 0.12, planetDrop: 0.1, ease: 'power2.out' },
      t.loseMs,
      speed,
    );
    await Promise.all([
      motion.to(
        shake,
        {
          p: 1,
          ease: 'none',
          onUpdate: () => {
            counterBox.x = x + Math.sin(shake.p * Math.PI * 8) * t.loseShakePx * (1 - shake.p);
          },
        },
        t.loseMs,
        speed,
      ),
      motion.fromTo(counterGlow, { alpha: 0.4 }, { alpha: 0.12, ease: 'power2.out' }, t.loseMs * 1.5, speed),
    ]);
    counterBox.x = x;
  }

  async function settle(cue: Extract<LimboCue, { type: 'cue.settle' }>, speed: number) {
    if (!layout) return;
    addPill({ result: Number(cue.result) || 1, win: cue.win === true }, true, speed);
    layoutPills(true, speed);
    const from = progress;
    const back = { p: from };
    climbing = false;
    // A line that swept off the bottom comes back from the top; one left short rises back.
    if (from > 1) {
      progress = 0;
      await Promise.all([
        motion.fromTo(lineBox, { alpha: 0 }, { alpha: 1 }, t.settleMs, speed),
        restRocket(speed),
        motion.to(counterGlow, { alpha: 0 }, t.settleMs, speed),
      ]);
    } else {
      await Promise.all([
        motion.to(
          back,
          {
            p: 0,
            ease: t.settleEase,
            onUpdate: () => {
              progress = back.p;
            },
          },
          t.settleMs,
          speed,
        ),
        restRocket(speed),
        motion.to(counterGlow, { alpha: 0 }, t.settleMs, speed),
      ]);
    }
    setCrossed(false);
  }

  function restRocket(speed: number) {
    return motion.to(
      rocketMotion,
      { lift: 0, tilt: 0, flame: 1, shake: 0, planetDrop: 0, ease: t.settleEase },
      t.settleMs,
      speed,
    );
  }

  // Effects and recent results ---------------------------------------------------------------------

  function burst(speed: number) {
    if (!layout) return;
    const count = Math.round(t.burstCount);
    const { x, y, fontSize } = layout.counter;
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + Math.random() * 0.4;
      const s = new Sprite({
        texture: sparkleTexture,
        anchor: 0.5,
        tint: i % 2 ? t.winColor : t.lineColor,
        blendMode: 'add',
      });
      s.position.set(x + Math.cos(angle) * fontSize * 0.9, y + Math.sin(angle) * fontSize * 0.35);
      s.scale.set(0);
      fx.addChild(s);
      const distance = fontSize * (0.8 + Math.random() * 0.9);
      const peak = (fontSize * (0.18 + Math.random() * 0.14)) / sparkleTexture.width;
      const ms = t.burstMs * (0.75 + Math.random() * 0.5);
      void Promise.all([
        motion.to(
          s.position,
          {
            x: s.x + Math.cos(angle) * distance * 1.6,
            y: s.y + Math.sin(angle) * distance * 0.7,
            ease: 'power3.out',
          },
          ms,
          speed,
        ),
        motion.to(
          s.scale,
          {
            keyframes: [
              { x: peak, y: peak },
              { x: 0, y: 0 },
            ],
          },
          ms,
          speed,
        ),
        motion.to(s, { rotation: Math.PI * (Math.random() - 0.5) * 2 }, ms, speed),
      ]).then(() => s.destroy());
    }
  }

  function addPill(item: LimboResult, animate: boolean, speed = 1) {
    if (!layout) return;
    const h = layout.history.height;
    const root = new Container();
    const color = item.win ? t.winColor : t.loseColor;
    const label = new Text({
      text: formatMultiplier(item.result),
      style: { fontFamily: FONT, fontWeight: '800', fontSize: Math.round(h * 0.56), fill: color },
    });
    label.anchor.set(0.5);
    const w = Math.ceil(label.width + h * 0.9);
    const panel = new Graphics()
      .roundRect(0, 0, w, h, h / 2)
      .fill({ color: t.panelColor, alpha: 0.92 })
      .stroke({ color, alpha: 0.55, width: 1.5 });
    label.position.set(w / 2, h / 2);
    root.addChild(panel, label);
    smooth(root);
    root.position.set(layout.history.x, layout.history.y);
    historyLayer.addChild(root);
    pills.unshift({ root, width: w });
    if (animate) {
      root.pivot.set(0, 0);
      void motion.fromTo(root, { alpha: 0 }, { alpha: 1 }, t.settleMs * 0.6, speed);
      void motion.fromTo(
        root.scale,
        { x: 0.3, y: 0.3 },
        { x: 1, y: 1, ease: 'back.out(2.5)' },
        t.settleMs * 0.6,
        speed,
      );
    }
  }

  /** Places the pills newest-first along the top; the oldest ones past the count or the edge leave. */
  function layoutPills(animate: boolean, speed = 1) {
    if (!layout) return;
    const gap = Math.max(4, layout.history.height * 0.25);
    let x = layout.history.x;
    const limit = Math.round(t.historyCount);
    for (let i = 0; i < pills.length; i++) {
      const pill = pills[i]!;
      const fits = i < limit && x + pill.width <= layout.history.right;
      if (!fits) {
        for (const gone of pills.splice(i)) {
          if (!animate) gone.root.destroy({ children: true });
          else
            void motion
              .to(gone.root, { alpha: 0 }, 200, speed)
              .then(() => gone.root.destroy({ children: true }));
        }
        break;
      }
      pill.root.y = layout.history.y;
      if (animate && i > 0) void motion.to(pill.root, { x, ease: 'power2.out' }, t.settleMs * 0.6, speed);
      else pill.root.x = x;
      x += pill.width + gap;
    }
  }

  async function perform(cue: LimboCue, speed: number): Promise<void> {
    switch (cue.type) {
      case 'cue.reset':
        return reset(cue, speed);
      case 'cue.target':
        return setTarget(Number(cue.target));
      case 'cue.roll':
        return roll(cue, speed);
      case 'cue.settle':
        return settle(cue, speed);
      default:
        return;
    }
  }

  const scene: GameScene<LimboCue> = {
    view,
    resize(width, height) {
      relayout(width, height);
    },
    play(cue, { turbo }) {
      // Unknown cues resolve at once, outside the queue, so a newer machine never waits on this scene.
      if (!KNOWN_CUES.has(cue.type)) return Promise.resolve();
      return cues.run(() => perform(cue, turbo ? t.turboFactor : 1));
    },
    destroy() {
      cues.destroy();
      context.app.ticker.remove(onTick);
      motion.destroy();
      view.destroy({ children: true });
      baker.retire(glowTexture, starTexture, sparkleTexture);
      if (rocketTextures) baker.retire(rocketTextures.rocket, rocketTextures.flame);
      baker.destroy();
    },
  };
  return scene;
};

// Generated textures ----------------------------------------------------------------------------

/** A colour between `a` and `b` (amount 0 → a, 1 → b). */
function mix(a: ColorSource, b: ColorSource, amount: number): Color {
  const from = new Color(a);
  const to = new Color(b);
  const lerp = (x: number, y: number) => x + (y - x) * amount;
  return new Color([lerp(from.red, to.red), lerp(from.green, to.green), lerp(from.blue, to.blue)]);
}

/**
 * The rocket, nose up, `h` px tall: an ogive body with a gold nose cone, a round window, three fins
 * and a nozzle. The profile is sampled so the nose and the body share one outline.
 */
function makeRocketTexture(baker: Baker, h: number, t: Tuning): Texture {
  const bw = h * 0.3;
  const w = Math.ceil(h * 0.62);
  const cx = w / 2;
  const bodyEnd = 0.84;
  // Half-width of the body at height y (share of h): an ogive to 45 %, then a slight taper.
  const half = (y: number) =>
    y <= 0.45
      ? (bw / 2) * Math.pow(Math.sin((Math.PI / 2) * (y / 0.45)), 0.75)
      : (bw / 2) * (1 - ((y - 0.45) / (bodyEnd - 0.45)) * 0.16);
  const profile = (from: number, to: number) => {
    const right: number[] = [];
    const left: number[] = [];
    const steps = 18;
    for (let i = 0; i <= steps; i++) {
      const y = from + ((to - from) * i) / steps;
      right.push(cx + half(y), y * h);
      left.unshift(cx - half(y), y * h);
    }
    const points: number[] = [];
    for (let i = 0; i < left.length; i += 2) points.push(left[i]!, left[i + 1]!);
    return [...right, ...points];
  };
  const accentDark = mix(t.rocketAccentColor, '#000000', 0.35).toHex();
  const shade = baker.gradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 1, y: 0 },
    colorStops: [
      { offset: 0, color: mix(t.rocketColor, '#000000', 0.25).toHex() },
      { offset: 0.35, color: t.rocketColor },
      { offset: 1, color: mix(t.rocketColor, '#000000', 0.45).toHex() },
    ],
    textureSpace: 'local',
  });
  const g = new Graphics();
  // Side fins behind the body.
  for (const side of [-1, 1]) {
    g.poly([
      cx + side * bw * 0.42,
      h * 0.56,
      cx + side * bw * 0.98,
      h * 0.8,
      cx + side * bw * 0.98,
      h * 0.95,
      cx + side * bw * 0.36,
      h * 0.82,
    ])
      .fill(t.rocketAccentColor)
      .stroke({ color: accentDark, width: Math.max(1, h * 0.012), join: 'round' });
  }
  // Nozzle.
  g.poly([
    cx - bw * 0.3,
    h * 0.83,
    cx + bw * 0.3,
    h * 0.83,
    cx + bw * 0.38,
    h * 0.92,
    cx - bw * 0.38,
    h * 0.92,
  ]).fill('#3a4150');
  // Body and nose cone.
  g.poly(profile(0.22, bodyEnd)).fill(shade);
  g.poly(profile(0.001, 0.22)).fill(t.rocketAccentColor);
  g.poly(profile(0.001, bodyEnd)).stroke({
    color: '#000000',
    alpha: 0.35,
    width: Math.max(1, h * 0.012),
    join: 'round',
  });
  g.moveTo(cx - half(0.22), h * 0.22)
    .lineTo(cx + half(0.22), h * 0.22)
    .stroke({ color: accentDark, width: Math.max(1, h * 0.014) });
  // Front fin.
  g.roundRect(cx - bw * 0.07, h * 0.66, bw * 0.14, h * 0.3, bw * 0.05).fill(accentDark);
  // Window.
  const r = bw * 0.22;
  g.circle(cx, h * 0.42, r * 1.28).fill(t.rocketAccentColor);
  g.circle(cx, h * 0.42, r).fill(mix(t.rocketWindowColor, '#000000', 0.25).toHex());
  g.circle(cx - r * 0.1, h * 0.42 - r * 0.1, r * 0.78).fill(t.rocketWindowColor);
  g.ellipse(cx - r * 0.35, h * 0.42 - r * 0.4, r * 0.32, r * 0.2).fill({ color: '#ffffff', alpha: 0.7 });
  // A highlight down the lit side.
  g.roundRect(cx - bw * 0.3, h * 0.27, bw * 0.08, h * 0.45, bw * 0.04).fill({
    color: '#ffffff',
    alpha: 0.35,
  });
  return baker.bake(g, w, h);
}

/** The flame under the nozzle, pointing down: three nested teardrops (outer, middle, core). */
function makeFlameTexture(baker: Baker, h: number, t: Tuning): Texture {
  const bw = h * 0.3;
  const w = Math.ceil(bw * 0.9);
  const length = Math.ceil(h * 0.55);
  const cx = w / 2;
  const drop = (g: Graphics, halfWidth: number, len: number) =>
    g
      .moveTo(cx - halfWidth, 0)
      .bezierCurveTo(cx - halfWidth * 1.15, len * 0.45, cx - halfWidth * 0.25, len * 0.8, cx, len)
      .bezierCurveTo(cx + halfWidth * 0.25, len * 0.8, cx + halfWidth * 1.15, len * 0.45, cx + halfWidth, 0)
      .closePath();
  const g = new Graphics();
  drop(g, w * 0.46, length).fill({ color: t.flameColor, alpha: 0.85 });
  drop(g, w * 0.32, length * 0.72).fill(mix(t.flameColor, t.flameCoreColor, 0.6).toHex());
  drop(g, w * 0.17, length * 0.45).fill({ color: mix(t.flameCoreColor, '#ffffff', 0.5).toHex() });
  return baker.bake(g, w, length);
}

/** A soft white radial glow (tinted at use). */
function makeGlowTexture(baker: Baker): Texture {
  const s = 128;
  const c = s / 2;
  const g = new Graphics();
  const rings = 24;
  for (let i = 0; i < rings; i++)
    g.circle(c, c, c * (1 - i / rings)).fill({ color: '#ffffff', alpha: 0.018 + (i / rings) * 0.05 });
  return baker.bake(g, s, s);
}

/** A small star: a bright core in a faint halo (tinted at use). */
function makeStarTexture(baker: Baker): Texture {
  const s = 12;
  const c = s / 2;
  const g = new Graphics()
    .circle(c, c, c)
    .fill({ color: '#ffffff', alpha: 0.18 })
    .circle(c, c, c * 0.45)
    .fill('#ffffff');
  return baker.bake(g, s, s);
}

/** A white four-pointed star (tinted at use). */
function makeSparkleTexture(baker: Baker): Texture {
  const s = 64;
  const c = s / 2;
  const points: number[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 - Math.PI / 2;
    const r = i % 2 === 0 ? c : c * 0.16;
    points.push(c + Math.cos(a) * r, c + Math.sin(a) * r);
  }
  const g = new Graphics()
    .poly(points)
    .fill('#ffffff')
    .circle(c, c, c * 0.3)
    .fill({ color: '#ffffff', alpha: 0.6 });
  return baker.bake(g, s, s);
}
