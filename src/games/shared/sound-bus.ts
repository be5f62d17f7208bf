import { Howl, Howler } from 'howler';
import type { SoundBus } from './scene';
import type { SoundBook } from './sound-recipe';
import { soundSettingsStore } from './sound-settings';
import { encodeWav, renderRecipe } from './synth';

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
 * Renders and loads every sound of `book`; `onProgress` gets the share done (0..1) after each.
 * A sound that fails to load is skipped: a silent effect must never block a game.
 */
export async function loadSoundBus(
  book: SoundBook,
  onProgress: (done: number) => void = () => undefined,
): Promise<LoadedSoundBus> {
  const howls = new Map<string, Howl>();
  const urls: string[] = [];
  const names = Object.keys(book);
  let done = 0;
  for (const name of names) {
    const wav = encodeWav(renderRecipe(book[name]!));
    const url = URL.createObjectURL(new Blob([wav.buffer as ArrayBuffer], { type: 'audio/wav' }));
    urls.push(url);
    await new Promise<void>((resolve) => {
      const howl = new Howl({
        src: [url],
        format: ['wav'],
        onload: () => resolve(),
        onloaderror: () => resolve(),
      });
      howls.set(name, howl);
    });
    done += 1;
    onProgress(done / names.length);
    // Yield to the browser between renders so the progress bar actually paints.
    await new Promise((r) => setTimeout(r, 0));
  }
  applySettings();
  const unsubscribe = soundSettingsStore.subscribe(applySettings);
  const onVisibility = () => applySettings();
  document.addEventListener('visibilitychange', onVisibility);
  return {
    play(name) {
      if (soundSettingsStore.get().muted) return;
      howls.get(name)?.play();
    },
    destroy() {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      for (const howl of howls.values()) howl.unload();
      for (const url of urls) URL.revokeObjectURL(url);
    },
  };
}
