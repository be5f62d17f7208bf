import { Howl, Howler } from 'howler';
import type { SoundBus } from './scene';
import type { SoundBook } from './sound-recipe';
import { soundSettingsStore } from './sound-settings';
import { renderWav } from './synth';

/**
 * The SoundBus of a game over howler: each recipe of the game's SoundBook is rendered to a WAV in
 * memory and loaded as a Howl. Mute and volume follow the persisted sound settings; sound is also
 * silenced while the tab is hidden (open-games' audio lesson).
 */
export interface LoadedSoundBus extends SoundBus {
  /** Unloads every Howl and frees the WAV blobs. */
  destroy(): void;
}

function applySettings(): void {
  const { muted, volume } = soundSettingsStore.get();
  Howler.volume(volume);
  Howler.mute(muted || (typeof document !== 'undefined' && document.hidden));
}

/**
 * Renders every sound of a book to WAV bytes by name, reporting the share done: on the page
 * (`renderOnPage`), or in the game stage's worker when it has one (stage/worker-stage.ts).
 */
export type WavRenderer = (
  book: SoundBook,
  onProgress: (done: number) => void,
) => Promise<Record<string, ArrayBuffer>>;

/** Each sound rendered on the page's thread, yielding between them so the progress bar paints. */
export async function renderOnPage(
  book: SoundBook,
  onProgress: (done: number) => void,
): Promise<Record<string, ArrayBuffer>> {
  const names = Object.keys(book);
  const out: Record<string, ArrayBuffer> = {};
  for (const [index, name] of names.entries()) {
    out[name] = renderWav(book[name]!);
    onProgress((index + 1) / names.length);
    await new Promise((r) => setTimeout(r, 0));
  }
  return out;
}

/** The events that count as a user gesture for the browser's autoplay policy. */
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/**
 * Renders every sound of `book` to a WAV (the share done goes to `onProgress` after each) and
 * loads them as Howls at the player's first gesture: creating a Howl starts the page's
 * AudioContext, and a context started before a gesture is refused by the browser (a console
 * warning, and silence). Sounds asked for before the first gesture are skipped, as the browser
 * would have muted them anyway. A sound that fails to load is skipped: a silent effect must never
 * block a game.
 */
export async function loadSoundBus(
  book: SoundBook,
  onProgress: (done: number) => void = () => undefined,
  render: WavRenderer = renderOnPage,
): Promise<LoadedSoundBus> {
  const howls = new Map<string, Howl>();
  const wavs = new Map<string, string>();
  const rendered = await render(book, onProgress);
  for (const [name, wav] of Object.entries(rendered)) {
    wavs.set(name, URL.createObjectURL(new Blob([wav], { type: 'audio/wav' })));
  }
  let unlocked = false;
  const unlock = () => {
    if (unlocked) return;
    unlocked = true;
    for (const type of GESTURES) document.removeEventListener(type, unlock, true);
    for (const [name, url] of wavs) howls.set(name, new Howl({ src: [url], format: ['wav'] }));
    applySettings();
  };
  // A page that already had a gesture (the player tapped the game's tile) may start audio at once.
  if (navigator.userActivation?.hasBeenActive) unlock();
  else for (const type of GESTURES) document.addEventListener(type, unlock, { capture: true, passive: true });
  // Howler's volume and mute also start the AudioContext: only after the gesture.
  const apply = () => {
    if (unlocked) applySettings();
  };
  const unsubscribe = soundSettingsStore.subscribe(apply);
  const onVisibility = () => apply();
  document.addEventListener('visibilitychange', onVisibility);
  return {
    play(name) {
      if (!unlocked || soundSettingsStore.get().muted) return;
      howls.get(name)?.play();
    },
    destroy() {
      unsubscribe();
      for (const type of GESTURES) document.removeEventListener(type, unlock, true);
      document.removeEventListener('visibilitychange', onVisibility);
      for (const howl of howls.values()) howl.unload();
      for (const url of wavs.values()) URL.revokeObjectURL(url);
    },
  };
}
