import { Container, Graphics, Text } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { formatPayout, type BoardLayout } from '../mines.layout';
import { formatMultiplier } from '../../../lib/format';
import type { tuning } from '../tuning';
import { MINES_FONT } from './mines.art';

/** The cash-out banner over the board: the multiplier paid and the payout, on a gold-ringed panel. */
export class CashoutBanner {
  readonly view = new Container();
  private readonly panel = new Graphics();
  private readonly multiplier = new Text({ text: '', style: { fontFamily: MINES_FONT, fontWeight: '800' } });
  private readonly payout = new Text({ text: '', style: { fontFamily: MINES_FONT, fontWeight: '700' } });
  private layout: BoardLayout | undefined;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
  ) {
    this.view.addChild(this.panel, this.multiplier, this.payout);
    this.multiplier.anchor.set(0.5);
    this.payout.anchor.set(0.5);
    this.view.visible = false;
  }

  /** Draws the banner for a new layout. */
  layoutFor(layout: BoardLayout): void {
    this.layout = layout;
    const t = this.t;
    const { board } = layout;
    const w = Math.round(board.width * 0.66);
    const h = Math.round(board.width * 0.34);
    this.view.position.set(board.x + board.width / 2, board.y + board.height / 2);
    this.panel
      .clear()
      .roundRect(-w / 2, -h / 2, w, h, h * 0.16)
      .fill({ color: t.boardColor, alpha: 0.96 })
      .stroke({ color: t.goldColor, width: Math.max(2, h * 0.035) })
      .moveTo(-w * 0.3, h * 0.1)
      .lineTo(w * 0.3, h * 0.1)
      .stroke({ color: t.goldColor, alpha: 0.35, width: 1 });
    smooth(this.panel);
    this.multiplier.style.fontSize = Math.round(h * 0.36);
    this.multiplier.style.fill = t.winColor;
    this.multiplier.position.set(0, -h * 0.14);
    this.payout.style.fontSize = Math.round(h * 0.2);
    this.payout.style.fill = t.textColor;
    this.payout.position.set(0, h * 0.28);
  }

  /** Pops the banner in with the server's multiplier and payout (BRL). */
  async show(multiplier: number, payout: number, speed: number): Promise<void> {
    if (!this.layout) return;
    const t = this.t;
    this.multiplier.text = formatMultiplier(multiplier);
    this.payout.text = formatPayout(payout);
    this.layoutFor(this.layout);
    this.view.visible = true;
    this.tweens.kill(this.view, this.view.scale);
    await Promise.all([
      this.tweens.fromTo(this.view, { alpha: 0 }, { alpha: 1 }, t.cashoutMs * 0.5, speed),
      this.tweens.fromTo(
        this.view.scale,
        { x: 0.4, y: 0.4 },
        { x: 1, y: 1, ease: t.cashoutEase },
        t.cashoutMs,
        speed,
      ),
    ]);
  }

  /** Fades the banner out if it shows. */
  async hide(speed: number): Promise<void> {
    if (this.view.visible) await this.tweens.to(this.view, { alpha: 0 }, 160, speed);
    this.view.visible = false;
  }
}
