import { Container, Rectangle } from 'pixi.js';
import type { DiceDirection } from '../../../domain/games/rules';
import type { DiceCue } from '../../machines/games/dice.machine';
import type { SceneFactory } from '../shared/scene';
import { SceneKit, type CueHandlers } from '../shared/toolkit';
import type { DiceSound } from './dice.sounds';
import type { DiceTuning } from './tuning';
import { DiceTable } from './views/dice-table';
import { DiceTrack } from './views/dice-track.view';
import { Felt } from './views/felt.view';
import { RollHistory } from './views/roll-history.view';
import { RollMarker, formatRoll } from './views/roll-marker.view';
import { RollResult } from './views/roll-result.view';

/** The target a drag at `value` (0–100) asks for, kept inside the 0.01%–98% chance range. */
export function dragTarget(value: number, direction: DiceDirection): number {
  const whole = Math.round(value);
  return direction === 'over' ? Math.min(99, Math.max(2, whole)) : Math.min(98, Math.max(1, whole));
}

/** The machine's cues, and `cue.history`: the past rolls (newest first) the row starts with. */
export type DiceSceneCue =
  DiceCue | { type: 'cue.history'; rolls: ReadonlyArray<{ roll: number; win: boolean }> };

/**
 * Creates the DICE table (views/): a 0–100 track split into the losing and winning zones at the
 * target, a gold handle the player can drag to move the target, and the result marker that slides
 * to the server's roll and pops green or red. It only renders cues and reports `scene.dragTarget`.
 */
export const createScene: SceneFactory<DiceTuning, DiceSceneCue> = (context) => {
  const t = context.tuning;
  const kit = new SceneKit<DiceSound>(context);
  const { tweens, sound } = kit;
  const table = new DiceTable(t);
  const felt = new Felt(t, table, tweens);
  const result = new RollResult(t, table);
  const track = new DiceTrack(t, table);
  const history = new RollHistory(t, table, tweens);
  const marker = new RollMarker(t, table);
  const view = new Container();
  view.addChild(
    felt.background,
    felt.flash,
    result.view,
    track.view,
    history.view,
    marker.view,
    track.handle,
  );

  // Dragging the handle, or tapping the track, asks the machine for a new target.
  track.listen(view, (value) => {
    const target = dragTarget(value, track.direction);
    if (target !== Math.round(track.zone.target)) sound.play('tick');
    context.onInput({ type: 'scene.dragTarget', target });
  });

  const cues: CueHandlers<DiceSceneCue> = {
    'cue.terms': (cue, turbo) => {
      track.direction = cue.direction;
      return tweens.to(
        track.zone,
        { target: cue.target, ease: t.zoneEase, onUpdate: () => track.drawZones() },
        turbo ? 0 : t.zoneMs,
      );
    },
    'cue.history': (cue) => history.replace(cue.rolls),
    'cue.roll': async (cue, turbo) => {
      track.direction = cue.direction;
      track.zone.target = cue.target;
      track.drawZones();
      marker.state.landed = null;
      marker.state.visible = true;
      result.show('…', '', null);
      marker.draw();
      sound.play('roll');
      await tweens.to(
        marker.state,
        { value: cue.roll, ease: t.rollEase, onUpdate: () => marker.draw() },
        turbo ? t.turboRollMs : t.rollMs,
      );
      marker.state.value = cue.roll;
      marker.state.landed = cue.win;
      marker.draw();
      const caption = cue.win
        ? `${cue.multiplier.toFixed(2).replace('.', ',')}× · R$ ${formatRoll(cue.payout)}`
        : `${cue.direction === 'over' ? '>' : '<'} ${formatRoll(cue.target)}`;
      result.show(formatRoll(cue.roll), caption, cue.win);
      history.add(cue.roll, cue.win, turbo ? 0 : t.historyMs);
      sound.play(cue.win ? 'win' : 'lose');
      if (cue.win) felt.flashOut(t.winColor, turbo ? 0 : t.winGlowMs);
      if (turbo) return;
      await tweens.fromTo(
        marker.view.scale,
        { x: t.popScale, y: t.popScale },
        { x: 1, y: 1, ease: t.popEase },
        t.popMs,
      );
      await tweens.wait(t.holdMs);
    },
  };

  return kit.scene({
    view,
    /** Redraws everything from the current state and tuning (also after a `?tune` change). */
    resize(width, height) {
      table.resize(width, height);
      view.hitArea = new Rectangle(0, 0, width, height);
      if (width === 0 || height === 0) return;
      felt.draw();
      track.draw();
      result.draw();
      marker.draw();
      history.draw();
    },
    cues,
    order: 'overlap',
  });
};
