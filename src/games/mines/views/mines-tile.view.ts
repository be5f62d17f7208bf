import { Container, Rectangle, Sprite, type FederatedPointerEvent } from 'pixi.js';
import type { Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { tuning } from '../tuning';
import type { TileTextures } from './mines.art';

/** What a tile shows. `dim` tiles were turned over at the end without being picked. */
export type TileState = 'hidden' | 'gem' | 'mine' | 'dimGem' | 'dimMine';

/** What a tile asks of its board. */
export interface TileHost {
  /** True while taps on hidden tiles count. */
  isInteractive(): boolean;
  /** A hidden tile was pressed (the knock). */
  pressed(): void;
  /** A hidden tile was tapped: the player picks it. */
  picked(tile: MinesTile): void;
}

/**
 * One MINES tile: a raised face over its well that lifts under the pointer and sinks when pressed,
 * pulses while its reveal is on the way, then turns over to show a gem or a mine (dimmed when
 * turned at the end of a game without being picked).
 */
export class MinesTile {
  readonly root: Container;
  state: TileState = 'hidden';
  /** Its reveal is on the way to the server (or it is turning): no hover or tap. */
  pending = false;
  private hovered = false;
  private readonly well = new Sprite();
  private readonly plate = new Sprite();
  private readonly lift = new Container();
  private readonly face = new Sprite();
  private readonly hover = new Sprite();
  private readonly mark = new Sprite();
  private readonly icon = new Sprite();

  constructor(
    readonly index: number,
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    private readonly host: TileHost,
  ) {
    this.root = new Container({ label: `tile-${index}` });
    for (const s of [this.well, this.plate, this.face, this.hover, this.mark, this.icon]) s.anchor.set(0.5);
    this.plate.alpha = 0;
    this.hover.alpha = 0;
    this.mark.visible = false;
    this.icon.visible = false;
    this.lift.addChild(this.face, this.hover, this.mark);
    this.root.addChild(this.well, this.plate, this.lift, this.icon);
    this.root.eventMode = 'none';
    this.root.cursor = 'pointer';
    this.listen();
  }

  /** True when a tap would pick this tile. */
  get canPick(): boolean {
    return this.host.isInteractive() && this.state === 'hidden' && !this.pending;
  }

  /** Where the tile's centre is on the board. */
  get x(): number {
    return this.root.x;
  }

  get y(): number {
    return this.root.y;
  }

  /** Uses the textures of a new tile size or new colours. */
  setTextures(tex: TileTextures): void {
    this.well.texture = tex.well;
    this.plate.texture = tex.plate;
    this.face.texture = tex.face;
    this.hover.texture = tex.hover;
    this.mark.texture = tex.mark;
    this.icon.texture = this.isMine ? tex.mine : tex.gem;
  }

  /** Centres the tile on (`x`, `y`) in a `cell` px square. */
  place(x: number, y: number, cell: number): void {
    this.root.position.set(x, y);
    this.root.hitArea = new Rectangle(-cell / 2, -cell / 2, cell, cell);
    // Icons of dim tiles are drawn smaller; scale is kept at rest only, never mid-tween.
    if (this.state === 'dimGem' || this.state === 'dimMine') this.icon.scale.set(this.t.dimScale);
  }

  /** Taps on and off (off also drops the hover and the press). */
  setInteractive(on: boolean): void {
    this.root.eventMode = on ? 'static' : 'none';
    if (!on) {
      this.setHover(false);
      this.press(false);
    }
  }

  /** Outlines the tile as an auto-bet pick (only while hidden). */
  setMarked(on: boolean): void {
    if (on === this.mark.visible) return;
    this.mark.visible = on;
    if (on)
      void this.tweens.fromTo(
        this.mark.scale,
        { x: 1.15, y: 1.15 },
        { x: 1, y: 1, ease: 'back.out(3)' },
        180,
      );
  }

  /** Face down again, every animation stopped. */
  showHidden(): void {
    const tweens = this.tweens;
    tweens.kill(this.root, this.root.scale, this.lift.scale, this.lift.position, this.face, this.face.scale);
    tweens.kill(this.hover, this.icon, this.icon.scale, this.plate);
    this.state = 'hidden';
    this.pending = false;
    this.hovered = false;
    this.root.alpha = 1;
    this.root.scale.set(1);
    this.lift.position.set(0, 0);
    this.lift.scale.set(1);
    this.face.alpha = 1;
    this.face.scale.set(1);
    this.hover.alpha = 0;
    this.plate.alpha = 0;
    this.icon.visible = false;
    this.icon.alpha = 1;
    this.icon.rotation = 0;
  }

  /** Turned over at once, showing a gem or a mine. */
  showTurned(state: Exclude<TileState, 'hidden'>, tex: TileTextures): void {
    this.state = state;
    this.pending = false;
    this.hovered = false;
    this.lift.position.set(0, 0);
    this.lift.scale.set(1);
    this.face.alpha = 0;
    this.hover.alpha = 0;
    this.icon.texture = this.isMine ? tex.mine : tex.gem;
    this.icon.visible = true;
  }

  /** A resumed game's gem: turned over at rest. */
  showGem(tex: TileTextures): void {
    this.showTurned('gem', tex);
    this.icon.scale.set(1);
  }

  /** Grows and fades in with the board's wave, `delayMs` after it starts. */
  appear(speed: number, delayMs: number): Array<Promise<void>> {
    const t = this.t;
    return [
      this.tweens.fromTo(
        this.root.scale,
        { x: 0.55, y: 0.55 },
        { x: 1, y: 1, ease: t.resetEase },
        t.resetMs,
        speed,
        delayMs,
      ),
      this.tweens.fromTo(this.root, { alpha: 0 }, { alpha: 1 }, t.resetMs * 0.6, speed, delayMs),
    ];
  }

  /** Pulses until its reveal arrives (the pulse ends when it is revealed). */
  pulse(speed: number): void {
    this.pending = true;
    this.tweens.kill(this.lift.scale, this.lift.position);
    this.lift.position.y = 0;
    void this.tweens.fromTo(
      this.lift.scale,
      { x: 1, y: 1 },
      { x: 0.9, y: 0.9, ease: 'sine.inOut', yoyo: true, repeat: -1 },
      this.t.pendingPulseMs / 2,
      Math.max(speed, 0.2),
    );
  }

  /** Sinks into its well, its face fading; resolves when it can turn over. */
  async sink(speed: number): Promise<void> {
    const t = this.t;
    const tweens = this.tweens;
    tweens.kill(this.lift.scale, this.lift.position, this.hover);
    this.mark.visible = false;
    this.hovered = false;
    // Pending until turned: no hover or tap on a tile that is sinking.
    this.pending = true;
    await Promise.all([
      tweens.to(this.face, { alpha: 0, ease: 'power2.in' }, t.flipMs, speed),
      tweens.to(this.lift.scale, { x: 0.82, y: 0.82, ease: 'power2.in' }, t.flipMs, speed),
      tweens.to(this.hover, { alpha: 0 }, t.flipMs, speed),
    ]);
  }

  /** Turns over to a gem that pops out with a twist. */
  popGem(tex: TileTextures, speed: number): Promise<void> {
    const t = this.t;
    this.showTurned('gem', tex);
    this.icon.scale.set(0);
    this.icon.rotation = -0.25;
    return Promise.all([
      this.tweens.to(this.icon.scale, { x: 1, y: 1, ease: t.gemPopEase }, t.gemPopMs, speed),
      this.tweens.to(this.icon, { rotation: 0, ease: 'back.out(3)' }, t.gemPopMs, speed),
    ]).then(() => undefined);
  }

  /** Turns over to a mine over a red flash in its well. */
  popMine(tex: TileTextures, speed: number): Promise<void> {
    const t = this.t;
    this.showTurned('mine', tex);
    this.icon.scale.set(0);
    this.plate.tint = t.mineGlowColor;
    void this.tweens.fromTo(
      this.plate,
      { alpha: 0.9 },
      { alpha: 0.35, ease: 'power2.out' },
      t.mineFlashMs * 2,
      speed,
    );
    return this.tweens.to(this.icon.scale, { x: 1, y: 1, ease: 'back.out(4)' }, t.mineFlashMs, speed);
  }

  /** Turns over, dimmed, at the end of a game, `delayMs` into the board's ripple. */
  revealDim(mine: boolean, tex: TileTextures, speed: number, delayMs: number): Promise<void> {
    const t = this.t;
    const tweens = this.tweens;
    tweens.kill(this.lift.scale, this.lift.position, this.hover);
    this.mark.visible = false;
    this.showTurned(mine ? 'dimMine' : 'dimGem', tex);
    this.face.alpha = 1;
    this.icon.alpha = 0;
    this.icon.scale.set(t.dimScale * 0.6);
    return Promise.all([
      tweens.to(this.face, { alpha: 0, ease: 'power1.in' }, t.revealAllMs * 0.6, speed, delayMs),
      tweens.to(this.icon, { alpha: t.dimAlpha }, t.revealAllMs, speed, delayMs),
      tweens.to(
        this.icon.scale,
        { x: t.dimScale, y: t.dimScale, ease: 'back.out(2)' },
        t.revealAllMs,
        speed,
        delayMs,
      ),
    ]).then(() => undefined);
  }

  /** Skips its invisible layers this frame: fully transparent sprites still cost a software renderer their pixels. */
  cull(): void {
    this.hover.visible = this.hover.alpha > 0.001;
    this.plate.visible = this.plate.alpha > 0.001;
    this.face.visible = this.face.alpha > 0.001;
    const covered =
      this.face.alpha >= 1 && this.lift.y === 0 && this.lift.scale.x === 1 && this.root.alpha >= 1;
    this.well.visible = !covered;
  }

  private get isMine(): boolean {
    return this.state === 'mine' || this.state === 'dimMine';
  }

  private listen(): void {
    const root = this.root;
    root.on('pointerover', () => this.setHover(true));
    root.on('pointerout', () => {
      this.setHover(false);
      this.press(false);
    });
    root.on('pointerdown', (event: FederatedPointerEvent) => {
      if (event.button > 0 || !this.canPick) return;
      this.press(true);
      this.host.pressed();
    });
    root.on('pointerup', () => this.press(false));
    root.on('pointerupoutside', () => this.press(false));
    root.on('pointertap', () => {
      if (this.canPick) this.host.picked(this);
    });
  }

  private setHover(on: boolean): void {
    const t = this.t;
    const lit = on && this.canPick;
    if (this.hovered === lit) return;
    this.hovered = lit;
    this.tweens.kill(this.hover);
    void this.tweens.to(this.hover, { alpha: lit ? 1 : 0 }, t.hoverMs);
    if (!this.pending) {
      this.tweens.kill(this.lift.position);
      void this.tweens.to(this.lift.position, { y: lit ? -t.hoverLiftPx : 0, ease: 'power2.out' }, t.hoverMs);
    }
  }

  private press(down: boolean): void {
    if (this.pending) return;
    const t = this.t;
    this.tweens.kill(this.lift.scale);
    const s = down ? t.pressScale : 1;
    void this.tweens.to(
      this.lift.scale,
      { x: s, y: s, ease: down ? 'power2.out' : 'back.out(3)' },
      t.pressMs,
    );
  }
}
