import { BitmapText, Container, Graphics } from 'pixi.js';
import { Baked, colorNumber, smooth } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import type { Box } from '../../shared-art/geometry';
import { digitColors, trendPoints, trendStats, type LuckyLayout } from '../lucky-color.layout';
import type { tuning } from '../tuning';
import { luckyColorOf } from './drum-wheel.view';

type Values = TuningValues<typeof tuning>;

/**
 * The trend of the last periods: each drawn digit plotted high (big) or low (small) in its colours,
 * joined by a line over the big and small bands, and under it how many were big, small, green, red
 * and violet.
 */
export class TrendChart {
  readonly view = new Container();
  private readonly art = new Baked(new Graphics());
  private readonly counters = new Container();

  constructor(
    private readonly t: Values,
    private readonly font: string,
  ) {
    this.view.addChild(this.art.view, this.counters);
  }

  /** Draws the chart of `digits` (newest first) for layout `l` (nothing without one). */
  draw(l: LuckyLayout | null, digits: readonly number[]): void {
    const trend = this.art.content.clear();
    for (const child of this.counters.removeChildren()) child.destroy();
    if (!l) {
      this.art.refresh();
      return;
    }
    const shown = digits.slice(0, l.trendCount);
    this.plot(trend, l.trend, shown);
    this.art.refresh();
    this.count(l.counters, shown);
  }

  private plot(trend: Graphics, box: Box, digits: readonly number[]): void {
    const t = this.t;
    const inset = Math.max(6, box.height * 0.1);
    const plot = {
      x: box.x + inset,
      y: box.y + inset,
      width: box.width - inset * 2,
      height: box.height - inset * 2,
    };
    trend.roundRect(box.x, box.y, box.width, box.height, 10).fill({ color: 0x000000, alpha: 0.25 });
    const mid = plot.y + plot.height * (1 - 4.5 / 9);
    trend.rect(plot.x - inset / 2, plot.y - inset / 2, plot.width + inset, mid - plot.y + inset / 2).fill({
      color: colorNumber(t.bigColor),
      alpha: 0.06,
    });
    trend.rect(plot.x - inset / 2, mid, plot.width + inset, plot.y + plot.height - mid + inset / 2).fill({
      color: colorNumber(t.smallColor),
      alpha: 0.06,
    });
    for (let x = plot.x; x < plot.x + plot.width; x += 8)
      trend.rect(x, mid - 0.5, 4, 1).fill({ color: 0xffffff, alpha: 0.2 });
    const points = trendPoints(digits, plot);
    if (points.length > 1) {
      trend.moveTo(points[0]!.x, points[0]!.y);
      for (const p of points.slice(1)) trend.lineTo(p.x, p.y);
      trend.stroke({ width: 1.5, color: 0xffffff, alpha: 0.35 });
    }
    const dot = Math.max(3, Math.min(7, plot.height / 10, plot.width / (Math.max(2, points.length) * 2.2)));
    points.forEach((p, i) => {
      const [first, second] = digitColors(p.digit);
      const r = i === points.length - 1 ? dot * 1.35 : dot;
      trend.circle(p.x, p.y, r).fill(luckyColorOf(t, first!));
      if (second)
        trend
          .moveTo(p.x, p.y)
          .arc(p.x, p.y, r, -Math.PI / 4, (Math.PI * 3) / 4)
          .closePath()
          .fill(luckyColorOf(t, second));
      trend.circle(p.x, p.y, r).stroke({ width: 1, color: 0x000000, alpha: 0.35 });
    });
  }

  /** Counters over the same periods: ▲ big, ▼ small, then each colour. */
  private count(c: Box, digits: readonly number[]): void {
    const t = this.t;
    const stats = trendStats(digits);
    const s = c.height;
    const items: Array<{ mark: (g: Graphics, x: number) => void; value: number }> = [
      {
        mark: (g, x) =>
          g
            .poly([x, c.y + s * 0.8, x + s * 0.8, c.y + s * 0.8, x + s * 0.4, c.y + s * 0.15])
            .fill(colorNumber(t.bigColor)),
        value: stats.big,
      },
      {
        mark: (g, x) =>
          g
            .poly([x, c.y + s * 0.2, x + s * 0.8, c.y + s * 0.2, x + s * 0.4, c.y + s * 0.85])
            .fill(colorNumber(t.smallColor)),
        value: stats.small,
      },
      ...(['green', 'red', 'violet'] as const).map((color) => ({
        mark: (g: Graphics, x: number) =>
          g.circle(x + s * 0.4, c.y + s / 2, s * 0.38).fill(luckyColorOf(t, color)),
        value: stats[color],
      })),
    ];
    const marks = new Graphics();
    this.counters.addChild(marks);
    const texts = items.map((item) => {
      const text = new BitmapText({
        text: String(item.value),
        style: { fontFamily: this.font, fontSize: Math.round(s * 0.85) },
      });
      text.anchor.set(0, 0.5);
      text.tint = 0xcfe6da;
      return text;
    });
    // Each counter is as wide as its mark and its number: a two-digit count ("10") ran into the
    // next mark when every counter had the same fixed step.
    const widths = texts.map((text) => s * 1.1 + text.width);
    const used = widths.reduce((sum, w) => sum + w, 0);
    const gap = Math.max(s * 0.25, Math.min(s * 1.6, (c.width - used) / items.length));
    let x = c.x + Math.max(0, (c.width - used - gap * (items.length - 1)) / 2);
    items.forEach((item, i) => {
      item.mark(marks, x);
      texts[i]!.position.set(x + s * 1.1, c.y + s / 2);
      this.counters.addChild(texts[i]!);
      x += widths[i]! + gap;
    });
    smooth(marks);
  }
}
