import { Container, Graphics, Sprite, Text } from 'pixi.js';
import { smooth, type Tweens } from '../../shared/toolkit';
import type { TuningValues } from '../../shared/tuning';
import { TILE_COUNT, type BoardLayout, type Rect } from '../mines.layout';
import type { tuning } from '../tuning';
import { MINES_FONT, type TileTextures } from './mines.art';

interface Counter {
  root: Container;
  panel: Graphics;
  icon: Sprite;
  label: Text;
}

/** The two counters beside (or under) the board: gems still hidden and mines in play. */
export class MinesCounters {
  readonly view = new Container();
  private readonly gems = makeCounter();
  private readonly mines = makeCounter();
  private layout: BoardLayout | undefined;
  private textures: TileTextures | undefined;
  private mineCount = 0;

  constructor(
    private readonly t: TuningValues<typeof tuning>,
    private readonly tweens: Tweens,
  ) {
    this.view.addChild(this.gems.root, this.mines.root);
  }

  /** Uses the icons of a new tile size or new colours. */
  setTextures(tex: TileTextures): void {
    this.textures = tex;
    this.gems.icon.texture = tex.gem;
    this.mines.icon.texture = tex.mine;
  }

  /** Places the counters for a new layout. */
  layoutFor(layout: BoardLayout): void {
    this.layout = layout;
    this.place();
  }

  /**
   * Counts `mines` mines and the gems not yet `found`; `bumpGems` pops the gem icon over
   * 300 ms × `speed` (a gem was just found).
   */
  update(mines: number, found: number, bumpGems: boolean, speed: number): void {
    this.mineCount = mines;
    this.gems.label.text = String(Math.max(0, TILE_COUNT - mines - found));
    this.mines.label.text = String(mines);
    this.place();
    if (!bumpGems) return;
    const scale = this.gems.icon.scale;
    this.tweens.kill(scale);
    const s = scale.x;
    void this.tweens.fromTo(
      scale,
      { x: s * 1.35, y: s * 1.35 },
      { x: s, y: s, ease: 'back.out(3)' },
      300,
      speed,
    );
  }

  private place(): void {
    const { layout, textures } = this;
    if (!layout || !textures) return;
    const t = this.t;
    const placement = layout.counters;
    const pairs: Array<[Counter, Rect | undefined]> =
      placement.side === 'none'
        ? [
            [this.gems, undefined],
            [this.mines, undefined],
          ]
        : [
            [this.gems, placement.left],
            [this.mines, placement.right],
          ];
    for (const [counter, rect] of pairs) {
      counter.root.visible = rect !== undefined && this.mineCount > 0;
      if (!rect) continue;
      counter.root.position.set(rect.x, rect.y);
      const vertical = placement.side === 'left-right';
      const radius = Math.min(rect.width, rect.height) * 0.22;
      counter.panel
        .clear()
        .roundRect(0, 0, rect.width, rect.height, radius)
        .fill({ color: t.boardColor, alpha: 0.9 })
        .stroke({ color: '#ffffff', alpha: 0.07, width: 1 });
      smooth(counter.panel);
      const iconSide = vertical ? rect.width * 0.62 : rect.height * 0.78;
      counter.icon.scale.set(iconSide / textures.cell / t.iconScale);
      counter.label.style.fill = t.textColor;
      counter.label.style.fontSize = Math.round(vertical ? rect.width * 0.3 : rect.height * 0.52);
      if (vertical) {
        counter.icon.position.set(rect.width / 2, rect.height * 0.36);
        counter.label.position.set(rect.width / 2, rect.height * 0.76);
      } else {
        counter.icon.position.set(rect.height * 0.62, rect.height / 2);
        counter.label.position.set(rect.width / 2 + rect.height * 0.3, rect.height / 2);
      }
    }
  }
}

function makeCounter(): Counter {
  const root = new Container();
  const panel = new Graphics();
  const icon = new Sprite();
  icon.anchor.set(0.5);
  const label = new Text({ text: '0', style: { fontFamily: MINES_FONT, fontWeight: '800' } });
  label.anchor.set(0.5);
  root.addChild(panel, icon, label);
  root.visible = false;
  return { root, panel, icon, label };
}
