import { useTranslation } from 'react-i18next';
import { useStore } from '../../../lib/store';
import { setSoundSettings, soundSettingsStore } from '../sound-settings';

/** Turbo, sound on/off and volume: small controls under the bet button. */
export function TableSwitches(props: { turbo: boolean; onTurbo: (turbo: boolean) => void }) {
  const { t } = useTranslation();
  const muted = useStore(soundSettingsStore, (s) => s.muted);
  const volume = useStore(soundSettingsStore, (s) => s.volume);
  return (
    <div className="hud-switches">
      <label className="hud-toggle">
        <input
          type="checkbox"
          checked={props.turbo}
          onChange={(event) => props.onTurbo(event.target.checked)}
          data-testid="turbo-toggle"
        />
        <span>{t('gameHud.turbo')}</span>
      </label>
      <button
        type="button"
        className={`hud-sound${muted ? ' hud-sound--off' : ''}`}
        aria-pressed={!muted}
        aria-label={muted ? t('gameHud.soundOn') : t('gameHud.soundOff')}
        onClick={() => setSoundSettings({ muted: !muted })}
        data-testid="sound-toggle"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" />
          {muted ? (
            <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path
              d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
            />
          )}
        </svg>
      </button>
      <input
        className="hud-volume"
        type="range"
        min={0}
        max={100}
        value={Math.round(volume * 100)}
        aria-label={t('gameHud.volume')}
        disabled={muted}
        onChange={(event) => setSoundSettings({ volume: Number(event.target.value) / 100 })}
        data-testid="sound-volume"
      />
    </div>
  );
}
