import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sha256Hex } from '../../../../domain/fairness/hash';
import { instantOutcome, type InstantGame } from '../../../../domain/fairness/instant';
import { fetchSeeds, rotateSeeds, type PublicSeeds } from '../../../services/games-api';

/**
 * The fairness panel of every game (design/games.md "Fairness"): the player's seeds, a new client
 * seed with rotation (which reveals the old server seed), and a verifier that recomputes any bet
 * in the browser with the same domain/ functions the server uses. Revealed seeds are remembered
 * on this device so a past bet can be checked with one tap.
 */

/** What the verifier is asked to check (a bet from the history, or typed by hand). */
export interface VerifyRequest {
  game: InstantGame;
  serverSeedHash: string | null;
  clientSeed: string;
  nonce: number;
  mines?: number;
}

const REVEALED_KEY = 'fairnessRevealed';

function revealedSeeds(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(REVEALED_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Remembers a revealed server seed under its hash (it is public from now on). */
export function rememberRevealedSeed(serverSeed: string): void {
  try {
    const all = { ...revealedSeeds(), [sha256Hex(serverSeed)]: serverSeed };
    localStorage.setItem(REVEALED_KEY, JSON.stringify(all));
  } catch {
    // Not remembered: the player can still paste the seed.
  }
}

/** The outcome as one short line ("roll 77.18", "mines 3, 8, 21"); `game` tells a round's result from a multiplier. */
export function describeOutcome(outcome: unknown, game?: string): string {
  if (!outcome || typeof outcome !== 'object') return '—';
  const o = outcome as Record<string, unknown>;
  // DOUBLE's result is a tile, LUCKYCOLOR's a digit; only LIMBO's is a multiplier.
  if (typeof o.result === 'number' && game === 'double') return `#${o.result}`;
  if (typeof o.result === 'number' && game === 'luckycolor') return String(o.result);
  if (typeof o.roll === 'number') return o.roll.toFixed(2).replace('.', ',');
  if (typeof o.result === 'number') return `${o.result.toFixed(2).replace('.', ',')}×`;
  if (typeof o.tile === 'number') return `#${o.tile}`;
  if (Array.isArray(o.mines)) return o.mines.join(', ');
  return '—';
}

export function FairnessPanel({ request, edge }: { request: VerifyRequest | null; edge: number }) {
  const { t } = useTranslation();
  const [seeds, setSeeds] = useState<PublicSeeds | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({
    game: 'dice' as InstantGame,
    serverSeed: '',
    clientSeed: '',
    nonce: '',
    mines: '3',
  });
  const [expectedHash, setExpectedHash] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ outcome: string; hash: string } | null>(null);

  useEffect(() => {
    fetchSeeds()
      .then(setSeeds)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!request) return;
    const known = request.serverSeedHash ? revealedSeeds()[request.serverSeedHash] : undefined;
    setForm({
      game: request.game,
      serverSeed: known ?? '',
      clientSeed: request.clientSeed,
      nonce: String(request.nonce),
      mines: String(request.mines ?? 3),
    });
    setExpectedHash(request.serverSeedHash);
    setChecked(null);
  }, [request]);

  async function rotate() {
    setBusy(true);
    try {
      const result = await rotateSeeds(clientSeed.trim() || undefined);
      rememberRevealedSeed(result.previousServerSeed);
      setRevealed(result.previousServerSeed);
      setSeeds(result);
      setClientSeed('');
    } catch {
      // The API client has told the player why (e.g. a Mines game is open).
    } finally {
      setBusy(false);
    }
  }

  function verify() {
    const nonce = Number(form.nonce);
    if (!form.serverSeed || !form.clientSeed || !Number.isInteger(nonce) || nonce < 0) {
      setChecked({ outcome: t('gameHud.fairness.fillAll'), hash: '' });
      return;
    }
    const outcome = instantOutcome(
      form.game,
      { serverSeed: form.serverSeed.trim(), clientSeed: form.clientSeed, nonce },
      { mines: Number(form.mines) || 3, edge },
    );
    setChecked({ outcome: describeOutcome(outcome), hash: sha256Hex(form.serverSeed.trim()) });
  }

  const activeSeed = expectedHash !== null && seeds?.serverSeedHash === expectedHash;

  return (
    <div className="fairness" data-testid="fairness-panel">
      <p className="hud-note">{t('gameHud.fairness.lead')}</p>
      {seeds && (
        <dl className="fairness__seeds">
          <dt>{t('gameHud.fairness.serverSeedHash')}</dt>
          <dd className="mono" data-testid="fairness-hash">
            {seeds.serverSeedHash}
          </dd>
          <dt>{t('gameHud.fairness.nextServerSeedHash')}</dt>
          <dd className="mono">{seeds.nextServerSeedHash}</dd>
          <dt>{t('gameHud.fairness.clientSeed')}</dt>
          <dd className="mono" data-testid="fairness-client-seed">
            {seeds.clientSeed}
          </dd>
          <dt>{t('gameHud.fairness.nonce')}</dt>
          <dd>{seeds.nonce}</dd>
        </dl>
      )}
      <div className="fairness__rotate">
        <input
          className="hud-input"
          aria-label={t('gameHud.fairness.newClientSeed')}
          placeholder={t('gameHud.fairness.newClientSeed')}
          maxLength={64}
          value={clientSeed}
          onChange={(event) => setClientSeed(event.target.value)}
          data-testid="fairness-new-client-seed"
        />
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => void rotate()}
          data-testid="fairness-rotate"
        >
          {t('gameHud.fairness.rotate')}
        </button>
      </div>
      {revealed && (
        <p className="hud-note" data-testid="fairness-revealed">
          {t('gameHud.fairness.rotated')} <span className="mono">{revealed}</span>
        </p>
      )}
      <form
        className="fairness__verify"
        onSubmit={(event) => {
          event.preventDefault();
          verify();
        }}
      >
        <h3 className="fairness__title">{t('gameHud.fairness.verifyTitle')}</h3>
        <label className="hud-field">
          <span className="hud-field__label">{t('gameHud.fairness.game')}</span>
          <select
            className="hud-input"
            value={form.game}
            onChange={(event) => setForm({ ...form, game: event.target.value as InstantGame })}
          >
            {(['dice', 'limbo', 'mines', 'rowdouble'] as const).map((g) => (
              <option key={g} value={g}>
                {g.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label className="hud-field">
          <span className="hud-field__label">{t('gameHud.fairness.serverSeed')}</span>
          <input
            className="hud-input mono"
            value={form.serverSeed}
            onChange={(event) => setForm({ ...form, serverSeed: event.target.value })}
            data-testid="verify-server-seed"
          />
        </label>
        <label className="hud-field">
          <span className="hud-field__label">{t('gameHud.fairness.clientSeed')}</span>
          <input
            className="hud-input mono"
            value={form.clientSeed}
            onChange={(event) => setForm({ ...form, clientSeed: event.target.value })}
            data-testid="verify-client-seed"
          />
        </label>
        <label className="hud-field">
          <span className="hud-field__label">{t('gameHud.fairness.nonce')}</span>
          <input
            className="hud-input"
            inputMode="numeric"
            value={form.nonce}
            onChange={(event) => setForm({ ...form, nonce: event.target.value.replace(/\D/g, '') })}
            data-testid="verify-nonce"
          />
        </label>
        {form.game === 'mines' && (
          <label className="hud-field">
            <span className="hud-field__label">{t('gameHud.fairness.mines')}</span>
            <input
              className="hud-input"
              inputMode="numeric"
              value={form.mines}
              onChange={(event) => setForm({ ...form, mines: event.target.value.replace(/\D/g, '') })}
            />
          </label>
        )}
        {activeSeed && !form.serverSeed && <p className="hud-note">{t('gameHud.fairness.stillActive')}</p>}
        <button type="submit" className="button button--gold button--small" data-testid="verify-submit">
          {t('gameHud.fairness.verify')}
        </button>
        {checked && (
          <div className="fairness__result" aria-live="polite" data-testid="verify-result">
            <p>
              {t('gameHud.fairness.result')}: <strong data-testid="verify-outcome">{checked.outcome}</strong>
            </p>
            {checked.hash && (
              <p className="mono">
                {t('gameHud.fairness.hashOf')}: {checked.hash}
              </p>
            )}
            {checked.hash && expectedHash && (
              <p className={checked.hash === expectedHash ? 'fairness__ok' : 'fairness__bad'}>
                {checked.hash === expectedHash
                  ? t('gameHud.fairness.hashMatches')
                  : t('gameHud.fairness.hashMismatch')}
              </p>
            )}
          </div>
        )}
      </form>
    </div>
  );
}
