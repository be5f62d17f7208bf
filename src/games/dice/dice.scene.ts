import { gsap } from 'gsap';
import {
  BitmapText,
  Container,
  FillGradient,
  Graphics,
  Rectangle,
  Sprite,
  Text,
  Texture,
  type FederatedPointerEvent,
} from 'pixi.js';
import type { DiceDirection } from '../../../domain/games/rules';
import type { DiceCue, DiceRollCue, DiceTermsCue } from '../../machines/games/dice.machine';
import type { GameScene, SceneContext, SceneFactory } from '../shared/scene';
import type { TuningValues } from '../shared/tuning';
import { smooth } from '../shared-art/smooth';
import type { DiceTuning } from './tuning';

/**
 * The DICE table: a 0–100 track split into the losing and winning zones at the target, a gold
 * handle the player can drag to move the target, and the result marker that slides to the
 * server's roll and pops green or red. It only renders cues and reports `scene.dragTarget`.
 */

/** Width (px) below which the table scales its type and marker down (a phone). */
const COMPACT_WIDTH = 560;
/** Layers of the glow under the track (more is smoother). */
const GLOW_LAYERS = 8;

/** The target a drag at `value` (0–100) asks for, kept inside the 0.01%–98% chance range. */
export function dragTarget(value: number, direction: DiceDirection): number {
  const whole = Math.round(value);
  return direction === 'over' ? Math.min(99, Math.max(2, whole)) : Math.min(98, Math.max(1, whole));
}

const fmt = (n: number) => n.toFixed(2).replace('.', ',');

class DiceScene implements GameScene<DiceCue> {
  readonly view = new Container();
  private readonly background = new Graphics();
  /**
   * The win flash over the whole table: a tinted white quad, hidden when faded out (a full-size
   * layer drawn at alpha 0 still costs a software renderer every pixel of it, every frame).
   */
  private readonly flash = new Sprite(Texture.WHITE);
  private readonly groove = new Graphics();
  private readonly zones = new Graphics();
  private readonly ticks: Text[];
  private readonly handle = new Graphics();
  private readonly marker = new Container();
  private readonly markerBody = new Graphics();
  /** Bitmap text: the marker's number changes every frame of a roll, and a canvas Text would re-rasterise each time. */
  private readonly markerText: BitmapText;
  /** What the marker body was last drawn with, so a roll's frames only move it. */
  private markerDrawn = '';
  /** What the handle was last drawn with, so dragging only moves it. */
  private handleDrawn = '';
  private readonly result: Text;
  private readonly caption: Text;
  private readonly tuning: TuningValues<DiceTuning>;
  private width = 0;
  private height = 0;
  private scale = 1;
  /** The zones as drawn (animated towards the machine's terms). */
  private zone = { target: 50.5 };
  private direction: DiceDirection = 'over';
  /** The marker's value on the 0–100 track and its landing state. */
  private markerState = { value: 50, landed: null as null | boolean, visible: false };
  private flashState = { alpha: 0, color: '#2fd178' };
  private dragging = false;
  /** Past rolls, newest first, drawn as chips at the foot of the table. */
  private readonly history: Array<{ roll: number; win: boolean }> = [];
  private readonly historyRow = new Container();
  private readonly historySlide = { x: 0 };
  private historyLeft = 0;
  private historyTop = 0;
  private readonly tweens = new Set<gsap.core.Animation>();

  constructor(private readonly context: SceneContext<DiceTuning>) {
    this.tuning = context.tuning;
    const textStyle = {
      fontFamily: 'Segoe UI, system-ui, Roboto, Arial, sans-serif',
      fontWeight: '700',
    } as const;
    this.ticks = [0, 25, 50, 75, 100].map((n) => new Text({ text: String(n), style: { ...textStyle } }));
    this.markerText = new BitmapText({ text: '50,00', style: { ...textStyle } });
    this.result = new Text({ text: '—', style: { ...textStyle, fontWeight: '800' } });
    this.caption = new Text({ text: '', style: { ...textStyle, fontWeight: '600' } });
    for (const t of [...this.ticks, this.markerText, this.result, this.caption]) t.anchor.set(0.5);
    this.marker.addChild(this.markerBody, this.markerText);
    this.marker.visible = false;
    this.view.addChild(
      this.background,
      this.flash,
      this.result,
      this.caption,
      this.groove,
      this.zones,
      ...this.ticks,
      this.historyRow,
      this.marker,
      this.handle,
    );
    this.listen();
  }

  /** Dragging the handle, or tapping the track, asks the machine for a new target. */
  private listen(): void {
    this.view.eventMode = 'static';
    this.handle.eventMode = 'static';
    this.handle.cursor = 'grab';
    this.groove.eventMode = 'static';
    this.groove.cursor = 'pointer';
    const report = (event: FederatedPointerEvent) => {
      const local = this.view.toLocal(event.global);
      const { left, width } = this.track();
      const value = ((local.x - left) / width) * 100;
      const target = dragTarget(value, this.direction);
      if (target !== Math.round(this.zone.target)) this.context.sound.play('tick');
      this.context.onInput({ type: 'scene.dragTarget', target });
    };
    this.handle.on('pointerdown', (event) => {
      this.dragging = true;
      report(event);
    });
    this.groove.on('pointerdown', report);
    this.view.on('globalpointermove', (event) => {
      if (this.dragging) report(event);
    });
    const stop = () => (this.dragging = false);
    this.view.on('pointerup', stop);
    this.view.on('pointerupoutside', stop);
  }

  private track() {
    const t = this.tuning;
    const width = Math.min(t.maxTrackWidth, Math.max(120, this.width - 2 * t.sidePadding * this.scale));
    return {
      left: (this.width - width) / 2,
      width,
      y: this.height * t.trackY,
      height: t.trackHeight * this.scale,
    };
  }

  private x(value: number): number {
    const { left, width } = this.track();
    return left + (Math.min(100, Math.max(0, value)) / 100) * width;
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.scale = Math.max(0.72, Math.min(1, width / COMPACT_WIDTH));
    this.view.hitArea = new Rectangle(0, 0, width, height);
    this.draw();
  }

  /** Redraws everything from the current state and tuning (also after a `?tune` change). */
  private draw(): void {
    const t = this.tuning;
    const s = this.scale;
    const { width: w, height: h } = this;
    if (w === 0 || h === 0) return;
    const gradient = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: t.backgroundTop },
        { offset: 1, color: t.backgroundBottom },
      ],
      textureSpace: 'local',
    });
    const track = this.track();
    this.background.clear().rect(0, 0, w, h).fill(gradient);
    // A soft pool of light under the track: stacked ellipses, faint at the rim, fuller inside.
    for (let i = 0; i < GLOW_LAYERS; i++) {
      const k = 1 - i / GLOW_LAYERS;
      this.background
        .ellipse(w / 2, track.y, (track.width / 2 + 40 * s) * k, Math.min(h * 0.45, 170 * s) * k)
        .fill({ color: t.feltGlow, alpha: t.feltGlowAlpha / GLOW_LAYERS });
    }
    // The felt and its nine blended layers never move: drawn once into a texture, so a frame of a
    // roll blends one quad instead of nine full-size shapes (software WebGL on phones is fill-bound).
    smooth(this.background);
    this.drawFlash();

    const groove = t.trackGroove * s;
    this.groove
      .clear()
      .roundRect(
        track.left - groove,
        track.y - track.height / 2 - groove,
        track.width + groove * 2,
        track.height + groove * 2,
        (track.height + groove * 2) / 2,
      )
      .fill({ color: t.grooveColor })
      .stroke({ color: '#ffffff', alpha: 0.06, width: 1 });
    smooth(this.groove);
    this.handleDrawn = '';
    this.drawZones();

    this.ticks.forEach((tick, i) => {
      tick.style.fontSize = t.tickSize * s;
      tick.style.fill = t.tickColor;
      tick.position.set(this.x(i * 25), track.y + track.height / 2 + groove + t.tickSize * s);
    });

    this.result.style.fontSize = t.resultSize * s;
    this.result.position.set(w / 2, h * t.resultY);
    this.caption.style.fontSize = t.captionSize * s;
    this.caption.style.fill = t.tickColor;
    this.caption.position.set(w / 2, h * t.resultY + (t.resultSize * s) / 2 + t.captionSize * s);
    this.paintResult();
    this.drawMarker();
    this.drawHistory();
  }

  /** The past rolls as green or red chips, newest on the left, centred under the track. */
  private drawHistory(): void {
    const t = this.tuning;
    const s = this.scale;
    for (const child of this.historyRow.removeChildren()) child.destroy({ children: true });
    const shown = this.history.slice(
      0,
      Math.min(t.historyCount, Math.floor((this.width - 16) / ((t.historyChipWidth + 6) * s))),
    );
    const chipW = t.historyChipWidth * s;
    const chipH = (t.historyTextSize + 12) * s;
    const gap = 6 * s;
    const total = shown.length * chipW + Math.max(0, shown.length - 1) * gap;
    shown.forEach((entry, i) => {
      const chip = new Container();
      const body = new Graphics()
        .roundRect(0, 0, chipW, chipH, chipH / 2)
        .fill({ color: entry.win ? t.winColor : t.loseColor, alpha: i === 0 ? 1 : 0.82 - i * 0.05 });
      // Bitmap text, as the marker's: a roll lands with a row of new labels, and canvas text
      // would rasterise and upload each of them in that one frame.
      const label = new BitmapText({
        text: fmt(entry.roll),
        style: {
          fontFamily: 'Segoe UI, system-ui, Roboto, Arial, sans-serif',
          fontWeight: '700',
          fontSize: t.historyTextSize * s,
          fill: t.markerTextColor,
        },
      });
      label.anchor.set(0.5);
      label.position.set(chipW / 2, chipH / 2);
      chip.addChild(body, label);
      chip.position.set(i * (chipW + gap), 0);
      this.historyRow.addChild(chip);
    });
    // One antialiased quad for the whole row; it only slides until the next roll.
    if (shown.length > 0) smooth(this.historyRow);
    else if (this.historyRow.isCachedAsTexture) this.historyRow.cacheAsTexture(false);
    this.historyLeft = (this.width - total) / 2;
    this.historyTop = this.height * t.historyY - chipH / 2;
    this.placeHistory();
  }

  private placeHistory(): void {
    this.historyRow.position.set(this.historyLeft + this.historySlide.x, this.historyTop);
  }

  private drawZones(): void {
    const t = this.tuning;
    const track = this.track();
    const split = this.x(this.zone.target);
    const top = track.y - track.height / 2;
    const r = track.height / 2;
    const [leftColor, rightColor] =
      this.direction === 'over' ? [t.loseColor, t.winColor] : [t.winColor, t.loseColor];
    this.zones
      .clear()
      .roundRect(track.left, top, track.width, track.height, r)
      .fill({ color: rightColor })
      .roundRect(track.left, top, Math.max(r * 2, split - track.left), track.height, r)
      .fill({ color: leftColor })
      .rect(Math.max(track.left + r, split - r), top, Math.min(r, split - track.left), track.height)
      .fill({ color: leftColor });
    smooth(this.zones);
    const size = t.handleSize * this.scale;
    const handleKey = `${size}|${t.handleColor}|${t.handleGrip}`;
    if (handleKey !== this.handleDrawn) {
      this.handleDrawn = handleKey;
      this.handle
        .clear()
        .roundRect(-size / 2, -size / 2, size, size, size * 0.22)
        .fill({ color: t.handleColor })
        .stroke({ color: '#000000', alpha: 0.25, width: 2 });
      for (const dx of [-size * 0.18, 0, size * 0.18]) {
        this.handle
          .moveTo(dx, -size * 0.24)
          .lineTo(dx, size * 0.24)
          .stroke({ color: t.handleGrip, width: 2 });
      }
      smooth(this.handle);
    }
    this.handle.position.set(split, track.y);
  }

  private drawMarker(): void {
    const t = this.tuning;
    const s = this.scale;
    const mw = t.markerWidth * s;
    const mh = t.markerHeight * s;
    const color =
      this.markerState.landed === null ? t.markerColor : this.markerState.landed ? t.winColor : t.loseColor;
    const tip = 9 * s;
    const drawn = `${color}|${mw}|${mh}`;
    if (drawn !== this.markerDrawn) {
      this.markerDrawn = drawn;
      this.markerBody
        .clear()
        .roundRect(-mw / 2, -mh, mw, mh, 10 * s)
        .fill({ color })
        .poly([-tip, 0, tip, 0, 0, tip])
        .fill({ color });
      smooth(this.markerBody);
    }
    // Style changes re-measure the text, so they are applied only when they differ.
    if (this.markerText.style.fontSize !== t.markerTextSize * s)
      this.markerText.style.fontSize = t.markerTextSize * s;
    if (this.markerText.style.fill !== t.markerTextColor) this.markerText.style.fill = t.markerTextColor;
    this.markerText.position.set(0, -mh / 2);
    this.markerText.text = fmt(this.markerState.value);
    const track = this.track();
    this.marker.position.set(
      this.x(this.markerState.value),
      track.y - track.height / 2 - t.trackGroove * s - t.markerGap * s + tip,
    );
    this.marker.visible = this.markerState.visible;
  }

  private drawFlash(): void {
    this.flash.setSize(this.width, this.height);
    this.flash.tint = this.flashState.color;
    this.flash.alpha = this.flashState.alpha;
    this.flash.visible = this.flashState.alpha > 0.005;
  }

  private paintResult(): void {
    const t = this.tuning;
    const landed = this.markerState.landed;
    this.result.style.fill = landed === null ? t.idleColor : landed ? t.winColor : t.loseColor;
  }

  private follow(tween: gsap.core.Animation): Promise<void> {
    this.tweens.add(tween);
    return new Promise<void>((resolve) => {
      tween.eventCallback('onComplete', () => {
        this.tweens.delete(tween);
        resolve();
      });
      tween.eventCallback('onInterrupt', () => {
        this.tweens.delete(tween);
        resolve();
      });
    });
  }

  private terms(cue: DiceTermsCue, turbo: boolean): Promise<void> {
    this.direction = cue.direction;
    return this.follow(
      gsap.to(this.zone, {
        target: cue.target,
        duration: turbo ? 0 : this.tuning.zoneMs / 1000,
        ease: this.tuning.zoneEase,
        onUpdate: () => this.drawZones(),
      }),
    );
  }

  private async roll(cue: DiceRollCue, turbo: boolean): Promise<void> {
    const t = this.tuning;
    this.direction = cue.direction;
    this.zone.target = cue.target;
    this.drawZones();
    this.markerState.landed = null;
    this.markerState.visible = true;
    this.result.text = '…';
    this.caption.text = '';
    this.paintResult();
    this.drawMarker();
    this.context.sound.play('roll');
    await this.follow(
      gsap.to(this.markerState, {
        value: cue.roll,
        duration: (turbo ? t.turboRollMs : t.rollMs) / 1000,
        ease: t.rollEase,
        onUpdate: () => this.drawMarker(),
      }),
    );
    this.markerState.value = cue.roll;
    this.markerState.landed = cue.win;
    this.drawMarker();
    this.result.text = fmt(cue.roll);
    this.caption.text = cue.win
      ? `${cue.multiplier.toFixed(2).replace('.', ',')}× · R$ ${fmt(cue.payout)}`
      : `${cue.direction === 'over' ? '>' : '<'} ${fmt(cue.target)}`;
    this.paintResult();
    this.history.unshift({ roll: cue.roll, win: cue.win });
    this.history.length = Math.min(this.history.length, 16);
    const step = (this.tuning.historyChipWidth + 6) * this.scale;
    this.historySlide.x = -step;
    this.drawHistory();
    void this.follow(
      gsap.to(this.historySlide, {
        x: 0,
        duration: (turbo ? 0 : t.historyMs) / 1000,
        ease: 'power2.out',
        onUpdate: () => this.placeHistory(),
      }),
    );
    this.context.sound.play(cue.win ? 'win' : 'lose');
    if (cue.win) {
      this.flashState.color = t.winColor;
      this.flashState.alpha = t.winGlowAlpha;
      this.drawFlash();
      void this.follow(
        gsap.to(this.flashState, {
          alpha: 0,
          duration: (turbo ? 0 : t.winGlowMs) / 1000,
          onUpdate: () => this.drawFlash(),
        }),
      );
    }
    if (turbo) return;
    await this.follow(
      gsap.fromTo(
        this.marker.scale,
        { x: t.popScale, y: t.popScale },
        { x: 1, y: 1, duration: t.popMs / 1000, ease: t.popEase },
      ),
    );
    await this.follow(gsap.to({}, { duration: t.holdMs / 1000 }));
  }

  play(cue: DiceCue, options: { turbo: boolean }): Promise<void> {
    if (cue.type === 'cue.terms') return this.terms(cue, options.turbo);
    if (cue.type === 'cue.roll') return this.roll(cue, options.turbo);
    return Promise.resolve();
  }

  destroy(): void {
    for (const tween of this.tweens) tween.kill();
    this.tweens.clear();
    this.view.destroy({ children: true });
  }
}

export const createScene: SceneFactory<DiceTuning, DiceCue> = (context) => new DiceScene(context);
