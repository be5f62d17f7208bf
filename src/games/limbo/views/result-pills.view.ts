import { Container, Graphics, Text } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { type LimboLayout } from '../limbo.layout';
import { formatMultiplier } from '../../../lib/format';
import type { tuning } from '../tuning';
import { LIMBO_FONT } from './limbo.art';

/** One settled result, as the recent-results row shows it. */
export interface LimboResult {
  result: number;
  win: boolean;
}

interface Pill {
  root: Container;
  width: number;
}

/** The recent results along the top as green or red pills, newest first; the oldest leave past the count or the edge. */
export class ResultPills {
  readonly view = new Container();
  private readonly pills: Pill[] = [];
  private layout: LimboLayout | undefined;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
  ) {}

  /** Places the pills for a new layout. */
  layoutFor(l: LimboLayout): void {
    this.layout = l;
    this.arrange(false);
  }

  /** Shows `history` (newest first) instead of the pills shown. */
  replace(history: readonly LimboResult[]): void {
    for (const pill of this.pills.splice(0)) pill.root.destroy({ children: true });
    for (const item of [...history].reverse()) this.add(item, false);
    this.arrange(false);
  }

  /** Pops a new result in front and slides the others along over `ms` × `speed`. */
  push(item: LimboResult, ms: number, speed: number): void {
    this.add(item, true, ms, speed);
    this.arrange(true, ms, speed);
  }

  private add(item: LimboResult, animate: boolean, ms = 0, speed = 1): void {
    const l = this.layout;
    if (!l) return;
    const t = this.t;
    const h = l.history.height;
    const root = new Container();
    const color = item.win ? t.winColor : t.loseColor;
    const label = new Text({
      text: formatMultiplier(item.result),
      style: { fontFamily: LIMBO_FONT, fontWeight: '800', fontSize: Math.round(h * 0.56), fill: color },
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
    root.position.set(l.history.x, l.history.y);
    this.view.addChild(root);
    this.pills.unshift({ root, width: w });
    if (animate) {
      root.pivot.set(0, 0);
      void this.tweens.fromTo(root, { alpha: 0 }, { alpha: 1 }, ms, speed);
      void this.tweens.fromTo(
        root.scale,
        { x: 0.3, y: 0.3 },
        { x: 1, y: 1, ease: 'back.out(2.5)' },
        ms,
        speed,
      );
    }
  }

  /** Places the pills newest-first along the top; the oldest ones past the count or the edge leave. */
  private arrange(animate: boolean, ms = 0, speed = 1): void {
    const l = this.layout;
    if (!l) return;
    const gap = Math.max(4, l.history.height * 0.25);
    let x = l.history.x;
    const limit = Math.round(this.t.historyCount);
    for (let i = 0; i < this.pills.length; i++) {
      const pill = this.pills[i]!;
      const fits = i < limit && x + pill.width <= l.history.right;
      if (!fits) {
        for (const gone of this.pills.splice(i)) {
          if (!animate) gone.root.destroy({ children: true });
          else
            void this.tweens
              .to(gone.root, { alpha: 0 }, 200, speed)
              .then(() => gone.root.destroy({ children: true }));
        }
        break;
      }
      pill.root.y = l.history.y;
      if (animate && i > 0) void this.tweens.to(pill.root, { x, ease: 'power2.out' }, ms, speed);
      else pill.root.x = x;
      x += pill.width + gap;
    }
  }
}
