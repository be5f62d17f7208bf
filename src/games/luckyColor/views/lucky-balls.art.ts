import { Container, Graphics, Rectangle, RenderTexture, Text, Texture, type Renderer } from 'pixi.js';
import { SITE_FONT, colorNumber, shadeColor } from '../../shared/toolkit';
import { DIGITS, digitColors } from '../lucky-color.layout';

/**
 * LUCKYCOLOR's number balls, drawn in vector and baked into one render texture: a glossy ball in
 * the digit's colour (0 and 5 split diagonally with violet), a white inner ring and the digit. Three
 * sizes (the drawn ball, the drum, the history) so nothing is scaled far; a soft halo for the winner
 * and a dark `?` ball for the drum's empty middle. Re-baked in place on a resize or colour change.
 */

/** Ball colours as knob values (`#rrggbb`). */
export interface BallPalette {
  green: string;
  red: string;
  violet: string;
  ink: string;
  /** The empty ball in the drum's middle. */
  blank: string;
}

/** The knobs LUCKYCOLOR colours its balls with. */
export interface BallColorKnobs {
  greenColor: string;
  redColor: string;
  violetColor: string;
  inkColor: string;
}

/** The ball colours of the table's tuning. */
export function ballPalette(v: BallColorKnobs): BallPalette {
  return { green: v.greenColor, red: v.redColor, violet: v.violetColor, ink: v.inkColor, blank: '#16392b' };
}

/** Ball radii in px. */
export interface BallSizes {
  big: number;
  mid: number;
  small: number;
}

/** The baked textures; `big[d]`, `mid[d]`, `small[d]` are digit `d`'s. */
export interface BallArt {
  readonly sizes: BallSizes;
  readonly big: readonly Texture[];
  readonly mid: readonly Texture[];
  readonly small: readonly Texture[];
  /** A white soft halo (tint it) of the big ball's size plus its glow. */
  readonly halo: Texture;
  /** The `?` ball, big size. */
  readonly blank: Texture;
}

const PAD = 2;
const COLUMNS = 5;

/** One ball of radius `r` centred on (r, r); `digit` null draws the `?` ball. */
function paintBall(digit: number | null, r: number, p: BallPalette): Container {
  const root = new Container();
  const g = new Graphics();
  const [first, second] = digit === null ? [] : digitColors(digit);
  const base = colorNumber(first === undefined ? p.blank : first === 'green' ? p.green : p.red);
  g.circle(r, r, r).fill(base);
  if (second === 'violet') {
    // The violet half, split on the diagonal like the colour-prediction games' 0 and 5.
    g.moveTo(r, r)
      .arc(r, r, r, -Math.PI / 4, (Math.PI * 3) / 4)
      .closePath()
      .fill(colorNumber(p.violet));
  }
  // Shade the lower side, light the upper left: a ball, not a disc.
  g.circle(r, r, r).fill({ color: 0x000000, alpha: 0.08 });
  for (let i = 0; i < 6; i++) {
    g.circle(r * 0.72, r * 0.68, r * (0.5 - i * 0.07)).fill({ color: 0xffffff, alpha: 0.06 });
  }
  g.circle(r, r, r * 0.95).stroke({ width: r * 0.1, color: 0x000000, alpha: 0.22 });
  g.circle(r, r, r * 0.72).stroke({ width: Math.max(1, r * 0.07), color: 0xffffff, alpha: 0.6 });
  g.ellipse(r * 0.62, r * 0.42, r * 0.22, r * 0.12).fill({ color: 0xffffff, alpha: 0.55 });
  root.addChild(g);
  const label = new Text({
    text: digit === null ? '?' : String(digit),
    style: {
      fontFamily: SITE_FONT,
      fontWeight: '800',
      fontSize: Math.round(r * 0.98),
      fill: colorNumber(p.ink),
      stroke: { color: shadeColor(base, -0.55), width: Math.max(1, r * 0.08) },
    },
  });
  label.anchor.set(0.5);
  label.position.set(r, r * 1.03);
  root.addChild(label);
  return root;
}

/** The LUCKYCOLOR balls of a scene in one render texture, re-rendered on each `bake`. */
export class BallAtlas {
  private readonly sheet = RenderTexture.create({ width: 1, height: 1, antialias: true });
  private art: BallArt | null = null;
  private key = '';

  constructor(private readonly renderer: Renderer) {}

  /** The current textures (null before the first bake). */
  get current(): BallArt | null {
    return this.art;
  }

  /**
   * Bakes the balls again when their radii, the resolution or the colours differ from the last
   * bake: the new art, or null when nothing changed.
   */
  rebake(sizes: BallSizes, palette: BallPalette): BallArt | null {
    const key = [sizes.big, sizes.mid, sizes.small, this.renderer.resolution, ...Object.values(palette)].join(
      '|',
    );
    if (key === this.key) return null;
    this.key = key;
    return this.bake(sizes, palette);
  }

  /** Draws every ball at these radii and colours. */
  private bake(sizes: BallSizes, palette: BallPalette): BallArt {
    const content = new Container();
    const frames: Record<keyof BallSizes, Rectangle[]> = { big: [], mid: [], small: [] };
    let top = 0;
    let width = 0;
    for (const key of ['big', 'mid', 'small'] as const) {
      const d = sizes[key] * 2;
      for (let digit = 0; digit < DIGITS; digit++) {
        const frame = new Rectangle(
          (digit % COLUMNS) * (d + PAD),
          top + Math.floor(digit / COLUMNS) * (d + PAD),
          d,
          d,
        );
        const ball = paintBall(digit, sizes[key], palette);
        ball.position.set(frame.x, frame.y);
        content.addChild(ball);
        frames[key].push(frame);
      }
      width = Math.max(width, COLUMNS * (d + PAD));
      top += Math.ceil(DIGITS / COLUMNS) * (d + PAD);
    }
    const blankFrame = new Rectangle(0, top, sizes.big * 2, sizes.big * 2);
    const blank = paintBall(null, sizes.big, palette);
    blank.position.set(blankFrame.x, blankFrame.y);
    content.addChild(blank);
    const haloSide = Math.ceil(sizes.big * 3.2);
    const haloFrame = new Rectangle(blankFrame.width + PAD, top, haloSide, haloSide);
    const halo = new Graphics();
    const rings = 16;
    for (let i = 0; i < rings; i++) {
      halo
        .circle(haloFrame.x + haloSide / 2, haloFrame.y + haloSide / 2, (haloSide / 2) * (1 - i / rings))
        .fill({ color: 0xffffff, alpha: 0.06 });
    }
    content.addChild(halo);
    width = Math.max(width, haloFrame.x + haloSide + PAD);
    const height = top + Math.max(blankFrame.height, haloSide) + PAD;

    this.sheet.resize(width, height, this.renderer.resolution);
    this.renderer.render({ container: content, target: this.sheet, clear: true, clearColor: [0, 0, 0, 0] });
    content.destroy({ children: true });

    this.release();
    const texture = (frame: Rectangle) => new Texture({ source: this.sheet.source, frame });
    this.art = {
      sizes,
      big: frames.big.map(texture),
      mid: frames.mid.map(texture),
      small: frames.small.map(texture),
      halo: texture(haloFrame),
      blank: texture(blankFrame),
    };
    return this.art;
  }

  /** Frees the sheet. */
  destroy(): void {
    this.release();
    this.sheet.destroy(true);
  }

  private release(): void {
    const art = this.art;
    if (!art) return;
    for (const t of [...art.big, ...art.mid, ...art.small, art.halo, art.blank]) t.destroy(false);
    this.art = null;
  }
}
