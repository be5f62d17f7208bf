import { Container, Graphics, Sprite, Texture } from 'pixi.js';
import type { TileArt } from './double-tiles.art';
import {
  landingScroll,
  slotOffset,
  slotUnderMarker,
  tileAtSlot,
  visibleSlots,
  REEL_LENGTH,
} from './reel.layout';
import { Baked, smooth, type Tweens } from '../shared/toolkit';

/**
 * The endless horizontal reel of DOUBLE and ROWDOUBLE: a track, pooled tile sprites placed from
 * `scroll` every frame, a marker over the middle, faded ends, motion blur from the reel's speed
 * and a winner pop with a halo. Optionally curved (ROWDOUBLE) through `project`.
 */

/** How a tile `dx` px from the marker is drawn on a curved reel. */
export interface ReelProjection {
  x: number;
  scaleX: number;
  scaleY: number;
  /** Brightness 0..1 (1 = unshaded). */
  shade: number;
}

/** Geometry and colours of the reel, in px and 0xRRGGBB. */
export interface ReelStyle {
  width: number;
  height: number;
  tile: number;
  gap: number;
  corner: number;
  trackColor: number;
  markerColor: number;
  markerWidth: number;
}

/** One landing: the tile, its timing and curves. */
export interface ReelSpin {
  tile: number;
  minTurns: number;
  /** −1..1: where under the tile the marker rests, as a share of half a tile. */
  offset: number;
  durationMs: number;
  ease: string;
  /** Px the reel runs past its rest before settling back. */
  overshootPx: number;
  settleMs: number;
  settleEase: string;
  /** Ms of this spin already gone (a late joiner): the spin plays only what is left. */
  elapsedMs?: number;
}

/** Winner highlight settings. */
export interface ReelWinner {
  popMs: number;
  popEase: string;
  popScale: number;
  dimAlpha: number;
  /** Period of the landed glow's pulse; 0: a steady glow (reduced motion). */
  glowPulseMs: number;
  glowColor: number;
}

interface Cell {
  root: Container;
  sharp: Sprite;
  smear: Sprite;
}

/** The reel view: geometry from `setStyle`, textures from `setArt`, motion from `spin` and `update`. */
export class TileReel {
  /** The reel; its (0, 0) is the track's top-left corner. */
  readonly view = new Container();
  /** Reel position under the marker, in px (see reel.layout.ts). */
  scroll = 0;
  /** Called once per frame in which the slot under the marker changed (for ticks). */
  onPass: (() => void) | null = null;
  /** Curves the reel (ROWDOUBLE); null draws it flat. */
  project: ((dx: number) => ReelProjection | null) | null = null;
  /** How far along the reel (px each side of the marker) tiles can show; null: half the width and a tile. */
  reach: number | null = null;

  private readonly track = new Graphics();
  private readonly tiles = new Container();
  private readonly halo = new Sprite(Texture.EMPTY);
  // Each end is baked on its own so neither covers the middle of the reel.
  private readonly edges = [new Baked(new Graphics()), new Baked(new Graphics())] as const;
  private readonly marker = new Graphics();
  private readonly caps = new Graphics();
  private readonly cells: Cell[] = [];
  private readonly winner = { slot: null as number | null, dim: 0, pop: 0, glow: 0, scale: 1, dimAlpha: 1 };
  private art: TileArt | null = null;
  private style: ReelStyle | null = null;
  private lastScroll = 0;
  private lastSlot = 0;
  private speed = 0;
  private spins = 0;

  constructor(private readonly tweens: Tweens) {
    this.halo.anchor.set(0.5);
    this.halo.blendMode = 'add';
    this.halo.visible = false;
    this.tiles.sortableChildren = true;
    // The canvas is transparent over the stage's CSS background, so tiles running past the track's
    // ends are erased there: two small cuts instead of a stencil mask over the whole reel.
    this.caps.blendMode = 'erase';
    this.view.addChild(
      this.track,
      this.halo,
      this.tiles,
      this.edges[0].view,
      this.edges[1].view,
      this.caps,
      this.marker,
    );
  }

  /** Uses new tile textures (after a resize or a colour change); the caller owns and frees them. */
  setArt(art: TileArt): void {
    this.art = art;
    this.halo.texture = art.halo;
    for (const cell of this.cells) {
      cell.root.visible = false;
      cell.sharp.texture = Texture.EMPTY;
      cell.smear.texture = Texture.EMPTY;
    }
  }

  /** Redraws the track, ends and marker for new geometry or colours. */
  setStyle(style: ReelStyle): void {
    this.style = style;
    const { width, height, trackColor, markerColor, markerWidth } = style;
    const radius = Math.min(18, height * 0.16);
    this.track.clear().roundRect(0, 0, width, height, radius).fill(trackColor);
    this.track
      .roundRect(0.5, 0.5, width - 1, height - 1, radius)
      .stroke({ width: 1, color: 0xffffff, alpha: 0.07 });
    smooth(this.track);
    const cut = style.tile * 1.2;
    this.caps.clear().rect(-cut, 0, cut, height).fill(0xffffff).rect(width, 0, cut, height).fill(0xffffff);

    // Both ends fade into the track so tiles seem to come from and go into the dark.
    const fade = width * 0.16;
    const steps = 12;
    const [left, right] = this.edges;
    left.content.clear();
    right.content.clear();
    for (let i = 0; i < steps; i++) {
      const w = (fade * (steps - i)) / steps;
      // Rounded like the track's ends, so the bands never square its corners off.
      const r = Math.min(radius, w / 2);
      left.content.roundRect(0, 0, w, height, r).fill({ color: trackColor, alpha: 0.16 });
      right.content.roundRect(width - w, 0, w, height, r).fill({ color: trackColor, alpha: 0.16 });
    }
    left.refresh();
    right.refresh();
    const mx = width / 2;
    const arrow = Math.max(6, markerWidth * 2.6);
    const m = this.marker.clear();
    for (const [w, a] of [
      [markerWidth * 5, 0.12],
      [markerWidth * 2.6, 0.22],
    ] as const) {
      m.rect(mx - w / 2, 0, w, height).fill({ color: markerColor, alpha: a });
    }
    m.rect(mx - markerWidth / 2, 0, markerWidth, height).fill(markerColor);
    m.rect(mx - markerWidth / 4, 0, markerWidth / 2, height).fill({ color: 0xffffff, alpha: 0.7 });
    m.poly([mx - arrow, -arrow * 0.35, mx + arrow, -arrow * 0.35, mx, arrow * 0.9]).fill(markerColor);
    m.poly([
      mx - arrow,
      height + arrow * 0.35,
      mx + arrow,
      height + arrow * 0.35,
      mx,
      height - arrow * 0.9,
    ]).fill(markerColor);
    smooth(m);
  }

  /** Spins to `spin.tile` and resolves when the reel rests (the settle included). */
  async spin(spin: ReelSpin): Promise<void> {
    const style = this.style;
    if (!style) return;
    this.tweens.kill(this);
    // A newer spin kills this one's tween; this one must then not start its settle.
    const id = ++this.spins;
    const pitch = style.tile + style.gap;
    const left = Math.max(0, spin.durationMs - (spin.elapsedMs ?? 0));
    const share = spin.durationMs > 0 ? left / spin.durationMs : 0;
    const turns = Math.max(share > 0.25 ? 1 : 0, Math.round(spin.minTurns * share));
    const target = landingScroll(this.scroll, spin.tile, pitch, style.tile, turns, spin.offset);
    if (left <= 0) {
      this.scroll = target;
      return;
    }
    // The overshoot stays inside the landing tile, so the marker never visits a neighbour.
    const rest = target - slotUnderMarker(target, pitch) * pitch;
    const room = Math.max(0, style.tile * 0.47 - rest);
    const over = Math.min(spin.overshootPx, room);
    const settle = over > 0 ? spin.settleMs * share : 0;
    await this.tweens.to(this, { scroll: target + over, ease: spin.ease }, left);
    if (id !== this.spins) return;
    if (settle > 0 && this.scroll !== target) {
      await this.tweens.to(this, { scroll: target, ease: spin.settleEase }, settle);
    }
    if (id === this.spins) this.scroll = target;
  }

  /** Pops the tile under the marker, dims the rest and pulses a halo behind the winner. */
  async showWinner(look: ReelWinner, durationScale: number): Promise<void> {
    const style = this.style;
    if (!style) return;
    this.tweens.kill(this.winner);
    this.winner.slot = slotUnderMarker(this.scroll, style.tile + style.gap);
    this.winner.scale = look.popScale;
    this.winner.dimAlpha = look.dimAlpha;
    this.halo.tint = look.glowColor;
    await this.tweens.to(
      this.winner,
      { dim: 1, pop: 1, glow: 1, ease: look.popEase },
      look.popMs,
      durationScale,
    );
    if (durationScale >= 1 && look.glowPulseMs > 0) {
      this.tweens.loop(this.winner, { glow: 0.45, yoyo: true, ease: 'sine.inOut' }, look.glowPulseMs / 2);
    }
  }

  /** Clears the winner highlight. */
  async clearWinner(durationMs: number): Promise<void> {
    this.tweens.kill(this.winner);
    if (this.winner.slot === null) return;
    await this.tweens.to(this.winner, { dim: 0, pop: 0, glow: 0, ease: 'power2.out' }, durationMs);
    this.winner.slot = null;
  }

  /** Places the tiles for this frame; `blurStart`/`blurFull` are reel speeds in px per ms. */
  update(deltaMs: number, blurStart: number, blurFull: number): void {
    const style = this.style;
    const art = this.art;
    if (!style || !art) return;
    const pitch = style.tile + style.gap;
    const dt = Math.max(1, deltaMs);
    const moved = Math.abs(this.scroll - this.lastScroll);
    const instant = moved / dt;
    // A reel at rest is sharp at once; a jump (a snap or a new layout) is not speed.
    if (moved === 0) this.speed = 0;
    else if (moved < pitch * 4) this.speed = this.speed * 0.4 + instant * 0.6;
    this.lastScroll = this.scroll;
    const blur = Math.min(1, Math.max(0, (this.speed - blurStart) / Math.max(0.01, blurFull - blurStart)));

    const slot = slotUnderMarker(this.scroll, pitch);
    if (slot !== this.lastSlot) {
      this.lastSlot = slot;
      this.onPass?.();
    }

    const half = style.width / 2;
    const reach = this.reach ?? half + style.tile;
    const { first, last } = visibleSlots(this.scroll, pitch, reach, reach);
    const scale = style.tile / art.size;
    let used = 0;
    const w = this.winner;
    for (let s = first; s <= last; s++) {
      const dx = slotOffset(s, this.scroll, pitch);
      const projection = this.project ? this.project(dx) : { x: dx, scaleX: 1, scaleY: 1, shade: 1 };
      if (!projection) continue;
      const cell = this.cell(used++);
      const tile = tileAtSlot(s);
      const isWinner = w.slot !== null && s === w.slot;
      const grow = isWinner ? 1 + (w.scale - 1) * w.pop : 1;
      cell.root.visible = true;
      cell.root.position.set(half + projection.x, style.height / 2);
      cell.root.scale.set(scale * projection.scaleX * grow, scale * projection.scaleY * grow);
      cell.root.zIndex = isWinner ? 2 : 1;
      cell.root.alpha = isWinner || w.slot === null ? 1 : 1 - w.dim * (1 - w.dimAlpha);
      const shade = Math.round(255 * projection.shade);
      const tint = (shade << 16) | (shade << 8) | shade;
      cell.sharp.texture = art.sharp[tile]!;
      cell.sharp.alpha = 1 - blur * 0.9;
      // At full speed only the smear shows: one layer less to fill.
      cell.sharp.visible = blur < 0.9;
      cell.sharp.tint = tint;
      cell.smear.visible = blur > 0.02 && art.smear.length === REEL_LENGTH;
      if (cell.smear.visible) {
        cell.smear.texture = art.smear[tile]!;
        cell.smear.alpha = blur;
        cell.smear.tint = tint;
      }
      if (isWinner) {
        this.halo.position.copyFrom(cell.root.position);
        this.halo.scale.set(scale * projection.scaleX * grow);
      }
    }
    for (let i = used; i < this.cells.length; i++) this.cells[i]!.root.visible = false;
    this.halo.visible = w.slot !== null && w.glow > 0.01;
    this.halo.alpha = w.glow;
  }

  private cell(index: number): Cell {
    let cell = this.cells[index];
    if (!cell) {
      const root = new Container();
      const smear = new Sprite(Texture.EMPTY);
      const sharp = new Sprite(Texture.EMPTY);
      smear.anchor.set(0.5);
      sharp.anchor.set(0.5);
      root.addChild(smear, sharp);
      this.tiles.addChild(root);
      cell = { root, sharp, smear };
      this.cells.push(cell);
    }
    return cell;
  }
}
