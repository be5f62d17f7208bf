import { createStore } from '../../lib/store';

/**
 * The player's sound choice in the games (on/off and volume), remembered on this device. It is a
 * device preference like the language, so it lives under its own key and survives logout.
 */
export interface SoundSettings {
  muted: boolean;
  /** 0..1 */
  volume: number;
}

const KEY = 'gameSound';
const DEFAULTS: SoundSettings = { muted: false, volume: 0.7 };

function read(): SoundSettings {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return DEFAULTS;
    const value = JSON.parse(raw) as Partial<SoundSettings>;
    return {
      muted: value.muted === true,
      volume:
        typeof value.volume === 'number' && Number.isFinite(value.volume)
          ? Math.min(1, Math.max(0, value.volume))
          : DEFAULTS.volume,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The current settings; the sound bus and the HUD's sound controls both follow it. */
export const soundSettingsStore = createStore<SoundSettings>(read());

/** Changes and remembers the settings. */
export function setSoundSettings(patch: Partial<SoundSettings>): void {
  soundSettingsStore.set((s) => ({ ...s, ...patch }));
  try {
    localStorage.setItem(KEY, JSON.stringify(soundSettingsStore.get()));
  } catch {
    // A blocked storage only means the choice is not remembered.
  }
}
