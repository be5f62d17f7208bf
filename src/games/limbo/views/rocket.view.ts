import { Container, Sprite, type Texture } from 'pixi.js';
import type { Baker, Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { LimboLayout } from '../limbo.layout';
import type { tuning } from '../tuning';
import { makeFlameTexture, makeRocketTexture } from './limbo.art';

interface Puff {
  sprite: Sprite;
  lifeMs: number;
  ageMs: number;
  drift: number;
}

/**
 * LIMBO's rocket: the body and its flickering flame, bobbing at rest, shaking and lifting on a
 * launch, rising on a win and drooping on a loss, with the exhaust puffs it leaves while it climbs.
 * Its `flight` also carries how far the planet below has sunk (the sky reads it).
 */
export class Rocket {
  readonly view = new Container();
  /** The exhaust puffs: they go under the target line, the rocket over it. */
  readonly exhaust = new Container();
  /** Offsets the animations own, applied on top of the layout every frame. */
  readonly flight = { lift: 0, tilt: 0, flame: 1, planetDrop: 0, shake: 0 };
  private readonly flame = new Sprite();
  private readonly body = new Sprite();
  private textures: { height: number; rocket: Texture; flame: Texture } | undefined;
  private style = '';
  private readonly puffs: Puff[] = [];
  private puffTimerMs = 0;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
    private readonly baker: Baker,
    private readonly glowTexture: Texture,
  ) {
    this.flame.anchor.set(0.5, 0);
    this.flame.blendMode = 'add';
    this.body.anchor.set(0.5);
    this.view.addChild(this.flame, this.body);
  }

  /** Sizes the rocket for a new layout, baking it again when its size or colours changed. */
  layoutFor(l: LimboLayout): void {
    const t = this.t;
    const h = Math.max(16, Math.round(l.rocket.height / 4) * 4);
    const style = [
      t.rocketColor,
      t.rocketAccentColor,
      t.rocketWindowColor,
      t.flameColor,
      t.flameCoreColor,
    ].join('|');
    if (!this.textures || this.textures.height !== h || style !== this.style) {
      const old = this.textures;
      this.textures = {
        height: h,
        rocket: makeRocketTexture(this.baker, h, t),
        flame: makeFlameTexture(this.baker, h, t),
      };
      this.body.texture = this.textures.rocket;
      this.flame.texture = this.textures.flame;
      this.style = style;
      if (old) this.baker.retire(old.rocket, old.flame);
    }
    this.body.scale.set(l.rocket.height / h);
    this.flame.scale.x = l.rocket.height / h;
  }

  /**
   * Places the rocket for this frame: bobbing when idle (`clockMs`), shaking, the flame flickering;
   * `still` (reduced motion, at rest): the flame holds its size.
   */
  place(l: LimboLayout, clockMs: number, climbing: boolean, still: boolean): void {
    const t = this.t;
    const flight = this.flight;
    const bob = climbing ? 0 : Math.sin((clockMs / t.bobMs) * Math.PI * 2) * t.bobPx;
    const jitter = flight.shake * (Math.random() * 2 - 1);
    this.view.position.set(l.rocket.x + jitter, l.rocket.y + bob - flight.lift);
    this.view.rotation = flight.tilt;
    this.flame.y = l.rocket.height * 0.42;
    const flicker = still
      ? 1
      : 1 + t.flameFlicker * (Math.sin(clockMs * 0.047) * 0.6 + (Math.random() - 0.5));
    this.flame.scale.y =
      (l.rocket.height / (this.textures?.height ?? l.rocket.height)) * flight.flame * flicker;
  }

  /** Leaves a puff every 34 ms while climbing and ages the puffs (`speed`: the stars' px/s). */
  updateExhaust(l: LimboLayout, ms: number, speed: number, climbing: boolean): void {
    const t = this.t;
    this.puffTimerMs += ms;
    if (climbing && this.puffTimerMs > 34) {
      this.puffTimerMs = 0;
      const sprite = new Sprite({
        texture: this.glowTexture,
        anchor: 0.5,
        tint: t.flameCoreColor,
        blendMode: 'add',
      });
      sprite.position.set(
        this.view.x + (Math.random() - 0.5) * l.rocket.height * 0.12,
        this.view.y + l.rocket.height * 0.75,
      );
      this.exhaust.addChild(sprite);
      this.puffs.push({
        sprite,
        lifeMs: 700 + Math.random() * 300,
        ageMs: 0,
        drift: (Math.random() - 0.5) * 30,
      });
    }
    for (let i = this.puffs.length - 1; i >= 0; i--) {
      const puff = this.puffs[i]!;
      puff.ageMs += ms;
      const k = puff.ageMs / puff.lifeMs;
      if (k >= 1) {
        puff.sprite.destroy();
        this.puffs.splice(i, 1);
        continue;
      }
      puff.sprite.y += ((speed * 0.6 + 60) * ms) / 1000;
      puff.sprite.x += (puff.drift * ms) / 1000;
      puff.sprite.scale.set((l.rocket.height * (0.12 + 0.35 * k)) / this.glowTexture.width);
      puff.sprite.alpha = 0.45 * (1 - k);
      puff.sprite.tint = k < 0.3 ? t.flameCoreColor : t.smokeColor;
    }
  }

  /** Stops every flight animation and puts the rocket at rest. */
  stop(): void {
    this.tweens.kill(this.flight);
    Object.assign(this.flight, { lift: 0, tilt: 0, flame: 1, planetDrop: 0, shake: 0 });
  }

  /** Lights up and shakes for the launch, and sinks the planet over the climb's `climbMs`. */
  launch(l: LimboLayout, climbMs: number, speed: number): void {
    const t = this.t;
    void this.tweens.to(
      this.flight,
      { flame: t.flameBoost, shake: 1.2, lift: l.height * 0.03, ease: 'power2.out' },
      260,
      speed,
    );
    void this.tweens.to(this.flight, { planetDrop: 0.35, ease: 'power2.in' }, climbMs, speed);
  }

  /** A win: the shaking stops and the rocket surges up. */
  rise(l: LimboLayout, speed: number): void {
    void this.tweens.to(
      this.flight,
      { shake: 0, lift: l.height * 0.07, ease: 'back.out(2)' },
      this.t.resultPopMs,
      speed,
    );
  }

  /** A loss: the flame dies down and the rocket droops and tilts. */
  droop(l: LimboLayout, speed: number): void {
    void this.tweens.to(
      this.flight,
      { flame: 0.25, shake: 0, lift: -l.height * 0.02, tilt: 0.12, planetDrop: 0.1, ease: 'power2.out' },
      this.t.loseMs,
      speed,
    );
  }

  /** Back to rest (the planet too) over the settle. */
  land(speed: number): Promise<void> {
    const t = this.t;
    return this.tweens.to(
      this.flight,
      { lift: 0, tilt: 0, flame: 1, shake: 0, planetDrop: 0, ease: t.settleEase },
      t.settleMs,
      speed,
    );
  }

  /** Frees the rocket's textures (after the scene's view). */
  release(): void {
    if (this.textures) this.baker.retire(this.textures.rocket, this.textures.flame);
  }
}
