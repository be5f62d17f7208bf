import { Container, Sprite, Texture } from 'pixi.js';
import type { Box } from './geometry';
import type { Tweens } from '../shared/toolkit';

/**
 * A row of small result pictures, newest at the left. When one new result arrives in front of the
 * old list, the row slides right by one place and the newcomer pops in while the oldest fades
 * out (no mask: a software renderer would pay a stencil pass for it every frame). `centre` keeps
 * the shown pictures centred in the box as the list grows.
 */
export class ResultStrip {
  readonly view = new Container();
  private readonly items = new Container();
  private box: Box = { x: 0, y: 0, width: 0, height: 0 };
  private size = 0;
  private gap = 0;
  private count = 0;
  private results: number[] = [];

  constructor(
    private readonly tweens: Tweens,
    private readonly textureOf: (result: number) => Texture | null,
    private readonly align: 'left' | 'centre' = 'left',
  ) {
    this.view.addChild(this.items);
  }

  /** The results shown, newest first. */
  get shown(): readonly number[] {
    return this.results;
  }

  /** Places the strip: `count` pictures of `size` px with `gap` px between, from `box`'s left. */
  layout(box: Box, size: number, gap: number, count: number): void {
    this.box = box;
    this.size = size;
    this.gap = gap;
    this.count = count;
    this.draw();
  }

  /** Shows `results` (newest first); one new result in front of the old list slides in. */
  async set(results: readonly number[], slideMs: number, ease: string): Promise<void> {
    const overlap = Math.min(results.length - 1, this.results.length);
    const slide = overlap > 0 && results.slice(1, 1 + overlap).every((r, i) => this.results[i] === r);
    this.results = [...results];
    this.draw(slide);
    if (!slide || slideMs <= 0) return;
    const first = this.items.children[0] as Sprite;
    const leaving = this.items.children[this.count] as Sprite | undefined;
    const to = this.items.x;
    const before = this.offsetFor(Math.min(this.count, this.results.length - 1));
    this.items.x = this.box.x + before - (this.size + this.gap);
    const natural = first.scale.x;
    first.scale.set(natural * 0.3);
    first.alpha = 0;
    const tweens = this.tweens;
    await Promise.all([
      tweens.to(this.items, { x: to, ease }, slideMs),
      tweens.to(first, { alpha: 1 }, slideMs * 0.6),
      tweens.to(first.scale, { x: natural, y: natural, ease: 'back.out(2)' }, slideMs),
      leaving?.visible ? tweens.to(leaving, { alpha: 0 }, slideMs * 0.6) : Promise.resolve(),
    ]);
    this.draw();
  }

  /** Re-reads the textures (after the art was re-baked). */
  refresh(): void {
    this.draw();
  }

  private draw(extra = false): void {
    const shown = this.results.slice(0, this.count + (extra ? 1 : 0));
    while (this.items.children.length < shown.length) {
      const sprite = new Sprite(Texture.EMPTY);
      sprite.anchor.set(0.5);
      this.items.addChild(sprite);
    }
    const step = this.size + this.gap;
    this.items.children.forEach((child, i) => {
      const sprite = child as Sprite;
      const result = shown[i];
      const texture = result === undefined ? null : this.textureOf(result);
      sprite.visible = texture !== null;
      sprite.texture = texture ?? Texture.EMPTY;
      sprite.position.set(i * step + this.size / 2, this.size / 2);
      sprite.scale.set(1);
      sprite.alpha = 1;
      if (texture) sprite.setSize(this.size, this.size);
    });
    this.items.position.set(
      this.box.x + this.offsetFor(Math.min(this.count, this.results.length)),
      this.box.y,
    );
  }

  /** How far right of the box's left edge `n` pictures start. */
  private offsetFor(n: number): number {
    if (this.align === 'left' || n <= 0) return 0;
    return Math.max(0, (this.box.width - (n * (this.size + this.gap) - this.gap)) / 2);
  }
}
