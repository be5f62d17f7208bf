import { Container, type Texture } from 'pixi.js';
import type { Tweens } from '../../shared/toolkit';
import { ResultStrip } from '../../shared-art/result-strip.view';
import type { LuckyLayout } from '../lucky-color.layout';

/** The drawn digits of the last periods as small balls in two rows, newest first; a new one slides in. */
export class HistoryRows {
  readonly view = new Container();
  private readonly rows: ResultStrip[];
  private layout: LuckyLayout | null = null;

  constructor(tweens: Tweens, ballOf: (digit: number) => Texture | null) {
    this.rows = [new ResultStrip(tweens, ballOf), new ResultStrip(tweens, ballOf)];
    for (const row of this.rows) this.view.addChild(row.view);
  }

  /** Places the rows for a new layout. */
  layoutFor(l: LuckyLayout): void {
    this.layout = l;
    const rowStep = l.historyBall + l.historyGap;
    this.rows.forEach((strip, row) => {
      strip.view.visible = row < l.historyRows;
      strip.layout(
        { x: l.history.x, y: l.history.y + row * rowStep, width: l.history.width, height: l.historyBall },
        l.historyBall,
        l.historyGap,
        l.historyPerRow,
      );
    });
  }

  /** Shows `digits` (newest first), sliding a new one in over `slideMs`. */
  async show(digits: readonly number[], slideMs: number, ease: string): Promise<void> {
    if (!this.layout) return;
    const per = this.layout.historyPerRow;
    await Promise.all(
      this.rows.map((strip, row) => strip.set(digits.slice(row * per, (row + 1) * per + 1), slideMs, ease)),
    );
  }

  /** Re-reads the balls (after they were baked again). */
  refresh(): void {
    for (const row of this.rows) row.refresh();
  }
}
