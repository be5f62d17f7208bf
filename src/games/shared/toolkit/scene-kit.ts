import type { Application, Container, Ticker } from 'pixi.js';
import type { GameScene, SceneContext, SceneCue } from '../scene';
import type { TuningSchema } from '../tuning';
import { Baker } from './baker';
import { CueQueue, type CueHandlers, type CueOrder } from './cue-queue';
import { SoundCues } from './sound-cues';
import { Tweens } from './tweens';

/** What a scene's composition hands the kit to become a `GameScene`. */
export interface SceneParts<C extends SceneCue> {
  /** The root container (the host adds it to the stage). */
  view: Container;
  /** Lays the views out for a canvas of this CSS size. */
  resize(width: number, height: number): void;
  /** The animation of each cue. */
  cues: CueHandlers<C>;
  /** Whether a cue waits for the ones before it (see `CueOrder`). */
  order: CueOrder;
  /**
   * Whether the table moves by itself at rest outside its tweens (see `GameScene.ambient`): frame
   * callbacks that drift, glint or follow a clock. A running tween (a glow's loop) counts anyway.
   */
  ambient?: () => boolean;
}

/**
 * The scene toolkit of one scene: its tween tracker, texture baker, sound cues and frame callbacks,
 * and `scene()`, which puts the views and cue handlers together as the `GameScene` the host plays
 * (the cue queue) and frees all of it in one `destroy()`. Views get the pieces they use.
 */
export class SceneKit<N extends string> {
  readonly tweens = new Tweens();
  readonly baker: Baker;
  readonly sound: SoundCues<N>;
  private readonly app: Application;
  private readonly frames: Array<(ticker: Ticker) => void> = [];
  private readonly owned: Array<() => void> = [];

  constructor(context: Pick<SceneContext<TuningSchema>, 'app' | 'sound'>) {
    this.app = context.app;
    this.baker = new Baker(context.app);
    this.sound = new SoundCues<N>(context.sound);
  }

  /** Calls `update` before every frame is drawn, until the scene is destroyed. */
  everyFrame(update: (ticker: Ticker) => void): void {
    this.app.ticker.add(update);
    this.frames.push(update);
  }

  /** Runs `free` when the scene is destroyed, after its view (atlases, fonts, baked textures). */
  own(free: () => void): void {
    this.owned.push(free);
  }

  /** The scene the host plays: cues through the cue queue, one `destroy()` for everything. */
  scene<C extends SceneCue>(parts: SceneParts<C>): GameScene<C> {
    const queue = new CueQueue(parts.cues, parts.order);
    let playing = 0;
    return {
      view: parts.view,
      resize: (width, height) => parts.resize(width, height),
      play: (cue, options) => {
        playing += 1;
        return queue.play(cue, options).finally(() => {
          playing -= 1;
        });
      },
      busy: () => playing > 0,
      ambient: () => this.tweens.animating() || (parts.ambient?.() ?? false),
      destroy: () => {
        queue.destroy();
        for (const update of this.frames) this.app.ticker.remove(update);
        this.tweens.destroy();
        parts.view.destroy({ children: true });
        for (const free of this.owned) free();
        this.baker.destroy();
      },
    };
  }
}
