/**
 * The scene toolkit (src/games/README.md): what every game's scene is built with, so the six tables
 * share one way to animate (the tween tracker), to draw smooth art cheaply (the texture baker,
 * `smooth`, `Baked`, bitmap digits), to play cues (the cue queue) and sounds (sound cues).
 */
export { Baker } from './baker';
export { sharedGradient } from './gradients';
export { colorNumber, lerpColor, mixColor, shadeColor } from './color';
export { CueQueue, type CueHandlers, type CueOrder } from './cue-queue';
export { SITE_FONT, installDigitFont } from './digit-font';
export { SceneKit, type SceneParts } from './scene-kit';
export { Baked, smooth } from './smooth';
export { SoundCues } from './sound-cues';
export { TuningWatch } from './tuning-watch';
export { Tweens, keepTweensOnTime } from './tweens';
