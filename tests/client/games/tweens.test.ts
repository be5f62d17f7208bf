import { gsap } from 'gsap/gsap-core';
import { describe, expect, it } from 'vitest';
import { Tweens } from '../../../src/games/shared/toolkit/tweens';
import { tuning as dice } from '../../../src/games/dice/tuning';
import { tuning as double } from '../../../src/games/double/tuning';
import { tuning as limbo } from '../../../src/games/limbo/tuning';
import { tuning as luckyColor } from '../../../src/games/luckyColor/tuning';
import { tuning as mines } from '../../../src/games/mines/tuning';
import { tuning as rowDouble } from '../../../src/games/rowDouble/tuning';

/** A Pixi-like object: its position is read and written through accessors. */
class Sprite {
  private px = 0;
  alpha = 1;
  get x(): number {
    return this.px;
  }
  set x(value: number) {
    this.px = value;
  }
}

describe("the scenes' tweens on gsap's core", () => {
  it('brings an accessor and a plain property to their targets, then resolves', async () => {
    const tweens = new Tweens();
    const sprite = new Sprite();
    await tweens.to(sprite, { x: 120, alpha: 0.25 }, 40);
    expect(sprite.x).toBe(120);
    expect(sprite.alpha).toBe(0.25);
    tweens.destroy();
  });

  it('knows every ease the games are tuned with', () => {
    const eases = [dice, double, limbo, luckyColor, mines, rowDouble].flatMap((schema) =>
      Object.values(schema).flatMap((knob) => (knob.kind === 'ease' ? [knob.default] : [])),
    );
    expect(eases.length).toBeGreaterThan(10);
    // gsap parses an unknown name to nothing (a tween then runs on its default ease, silently).
    expect(gsap.parseEase('no-such-ease')).toBeUndefined();
    for (const ease of eases) expect(typeof gsap.parseEase(ease), ease).toBe('function');
  });
});
