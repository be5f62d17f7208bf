import { BitmapText, Container, Graphics, Sprite, type ColorSource, type Texture } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { type BoardLayout } from '../mines.layout';
import { formatMultiplier } from '../../../lib/format';
import type { tuning } from '../tuning';
import { MINES_FONT } from './mines.art';

/** The white textures the effects tint. */
export interface EffectTextures {
  glow: Texture;
  sparkle: Texture;
  dot: Texture;
}

/** A point on the board (a tile's centre). */
interface At {
  x: number;
  y: number;
}

/**
 * MINES's effects over the board: glows bursting from a tile, sparkles and stars flying out,
 * a mine's shards, and the multiplier chip that rises from a gem. Each lives for its animation.
 */
export class MinesEffects {
  readonly view = new Container();
  private layout: BoardLayout | undefined;
  private glintMs = 0;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    private readonly textures: EffectTextures,
  ) {}

  /** Sizes the effects for a new layout. */
  layoutFor(layout: BoardLayout): void {
    this.layout = layout;
  }

  /** Removes every effect at once (a new board). */
  clear(): void {
    for (const child of this.view.removeChildren()) child.destroy();
  }

  /** A glow in `tint` growing to `grow` cells from `at` while it fades from `alpha`. */
  burstGlow(at: At, tint: ColorSource, grow: number, alpha: number, ms: number, speed: number): void {
    if (!this.layout) return;
    const texture = this.textures.glow;
    const s = new Sprite({ texture, anchor: 0.5, tint, blendMode: 'add' });
    s.position.set(at.x, at.y);
    const base = this.layout.cell / texture.width;
    this.view.addChild(s);
    void Promise.all([
      this.tweens.fromTo(
        s.scale,
        { x: base * 0.4, y: base * 0.4 },
        { x: base * grow, y: base * grow, ease: 'power2.out' },
        ms,
        speed,
      ),
      this.tweens.fromTo(s, { alpha }, { alpha: 0, ease: 'power1.in' }, ms, speed),
    ]).then(() => s.destroy());
  }

  /** Stars flying out all around a gem. */
  sparkles(at: At, speed: number): void {
    if (!this.layout) return;
    const t = this.t;
    const cell = this.layout.cell;
    const count = Math.round(t.sparkleCount);
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + Math.random() * 0.6;
      this.spark(
        at.x,
        at.y,
        angle,
        cell * (0.45 + Math.random() * 0.3),
        cell * (0.22 + Math.random() * 0.14),
        t.sparkleColor,
        speed,
        t.flipMs * 0.2,
      );
    }
  }

  /** Gold stars bursting from the middle of the board (a cash-out). */
  cashout(speed: number): void {
    const l = this.layout;
    if (!l) return;
    const { board } = l;
    for (let i = 0; i < 10; i++) {
      const angle = (i / 10) * Math.PI * 2;
      this.spark(
        board.x + board.width / 2 + Math.cos(angle) * board.width * 0.2,
        board.y + board.height / 2 + Math.sin(angle) * board.width * 0.1,
        angle,
        board.width * 0.28,
        l.cell * 0.5,
        this.t.goldColor,
        speed,
        this.t.cashoutMs * 0.3,
      );
    }
  }

  /** Now and then (every 1.4 s of frames) a glint rises from one of the `gems` shown. */
  glint(deltaMs: number, gems: () => readonly At[]): void {
    this.glintMs += deltaMs;
    if (this.glintMs <= 1400) return;
    this.glintMs = 0;
    const shown = gems();
    const gem = shown[Math.floor(Math.random() * shown.length)];
    if (!gem || !this.layout) return;
    const r = this.layout.cell * 0.25;
    this.spark(
      gem.x + r * (Math.random() - 0.3),
      gem.y - r * Math.random(),
      -Math.PI / 2,
      2,
      this.layout.cell * 0.32,
      this.t.sparkleColor,
      1,
      0,
    );
  }

  /** A mine's shards flying out and fading. */
  shards(at: At, speed: number): void {
    if (!this.layout) return;
    const t = this.t;
    const cell = this.layout.cell;
    const texture = this.textures.dot;
    const count = Math.round(t.shardCount);
    for (let i = 0; i < count; i++) {
      const angle = Math.random() * Math.PI * 2;
      const distance = cell * (0.7 + Math.random() * 0.9);
      const s = new Sprite({ texture, anchor: 0.5, blendMode: 'add' });
      s.tint = i % 3 === 0 ? t.flashColor : t.mineGlowColor;
      s.position.set(at.x, at.y);
      s.scale.set((cell * (0.05 + Math.random() * 0.07)) / texture.width);
      this.view.addChild(s);
      const ms = t.mineFlashMs * (1.4 + Math.random());
      void Promise.all([
        this.tweens.to(
          s.position,
          { x: s.x + Math.cos(angle) * distance, y: s.y + Math.sin(angle) * distance, ease: 'power3.out' },
          ms,
          speed,
        ),
        this.tweens.to(s, { alpha: 0, ease: 'power2.in' }, ms, speed),
      ]).then(() => s.destroy());
    }
  }

  /** The gem's cash-out multiplier on a pill, rising from the tile and fading. */
  chip(at: At, multiplier: number, speed: number): void {
    if (!this.layout) return;
    const t = this.t;
    const cell = this.layout.cell;
    const c = new Container();
    // Bitmap text: a canvas Text would be rasterised and uploaded in the very frame the gem pops.
    const label = new BitmapText({
      text: formatMultiplier(multiplier),
      style: {
        fontFamily: MINES_FONT,
        fontWeight: '800',
        fontSize: Math.max(11, Math.round(cell * 0.21)),
        fill: t.winColor,
      },
    });
    label.anchor.set(0.5);
    const w = label.width + cell * 0.2;
    const h = label.height + cell * 0.06;
    const pill = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: t.boardColor, alpha: 0.92 })
      .stroke({ color: t.winColor, width: 1.5 });
    c.addChild(pill, label);
    smooth(c);
    c.position.set(at.x, at.y - cell * 0.3);
    this.view.addChild(c);
    // On a short canvas the top row's chip would rise out of view: it stops at the edge.
    const top = Math.min(c.y, h / 2 + 2);
    void Promise.all([
      this.tweens.to(
        c.position,
        { y: Math.max(top, c.y - cell * t.chipRiseRatio), ease: 'power2.out' },
        t.chipMs,
        speed,
      ),
      this.tweens.to(c, { keyframes: [{ alpha: 1 }, { alpha: 1 }, { alpha: 0 }] }, t.chipMs, speed),
    ]).then(() => c.destroy({ children: true }));
  }

  /** One star flying out from (x, y) along `angle`, growing then shrinking. */
  private spark(
    x: number,
    y: number,
    angle: number,
    distance: number,
    side: number,
    tint: ColorSource,
    speed: number,
    delayMs: number,
  ): void {
    const texture = this.textures.sparkle;
    const s = new Sprite({ texture, anchor: 0.5, tint, blendMode: 'add' });
    s.position.set(x, y);
    s.scale.set(0);
    this.view.addChild(s);
    const peak = side / texture.width;
    const ms = this.t.sparkleMs * (0.8 + Math.random() * 0.4);
    void Promise.all([
      this.tweens.to(
        s.position,
        { x: x + Math.cos(angle) * distance, y: y + Math.sin(angle) * distance, ease: 'power3.out' },
        ms,
        speed,
        delayMs,
      ),
      this.tweens.to(
        s.scale,
        {
          keyframes: [
            { x: peak, y: peak },
            { x: 0, y: 0 },
          ],
          ease: 'sine.inOut',
        },
        ms,
        speed,
        delayMs,
      ),
      this.tweens.to(s, { rotation: Math.PI * (Math.random() - 0.5) }, ms, speed, delayMs),
    ]).then(() => s.destroy());
  }
}
