import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sounds as diceSounds } from '../../../src/games/dice/dice.sounds';
import { readDebugParams } from '../../../src/games/shared/debug-params';
import { GameLoader } from '../../../src/games/shared/game-loader';
import { arrivedGame, gameLoader, hasGame, preloadGame } from '../../../src/games/loaders';
import type { GameModule } from '../../../src/games/shared/game-host';
import { encodeWav, recipeDurationMs, renderRecipe, SAMPLE_RATE } from '../../../src/games/shared/synth';
import { applyTuning, tuningDefaults } from '../../../src/games/shared/tuning';
import { tuning as diceTuning } from '../../../src/games/dice/tuning';
import { amountText, readAmount } from '../../../src/machines/games/bet-actors';
import '../../../src/lib/i18n';

// The fairness panel reads the player's seeds; here they come from a fake server.
vi.mock('../../../src/services/games-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/services/games-api')>()),
  fetchSeeds: () =>
    Promise.resolve({ serverSeedHash: 'active', nextServerSeedHash: 'next', clientSeed: 'mine', nonce: 4 }),
}));

afterEach(() => vi.useRealTimers());

describe('sound synthesis', () => {
  it('renders a recipe to samples of its length, never louder than full scale', () => {
    const recipe = diceSounds.win;
    const samples = renderRecipe(recipe);
    expect(samples.length).toBe(Math.ceil((recipeDurationMs(recipe) / 1000) * SAMPLE_RATE));
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.05);
    expect(peak).toBeLessThanOrEqual(1);
  });

  it('renders the same bytes every time (noise is seeded)', () => {
    expect(encodeWav(renderRecipe(diceSounds.roll))).toEqual(encodeWav(renderRecipe(diceSounds.roll)));
  });

  it('writes a mono 16-bit WAV header', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1]));
    const text = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
    const view = new DataView(wav.buffer);
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 12)).toBe('WAVE');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(view.getUint32(40, true)).toBe(6);
    expect(view.getInt16(46, true)).toBe(0x7fff);
    expect(view.getInt16(48, true)).toBe(-0x7fff);
  });
});

describe('amount field', () => {
  it("names 'fill in bet amount' and 'check the input' and reads pt-BR decimals", () => {
    expect(readAmount('')).toEqual({ ok: false, problem: 'fillBetAmount' });
    expect(readAmount('  ')).toEqual({ ok: false, problem: 'fillBetAmount' });
    expect(readAmount('0')).toEqual({ ok: false, problem: 'checkInput' });
    expect(readAmount('1,234')).toEqual({ ok: false, problem: 'checkInput' });
    expect(readAmount('1,5')).toEqual({ ok: true, cents: 150 });
    expect(readAmount('12.50')).toEqual({ ok: true, cents: 1250 });
    expect(amountText(1250)).toBe('12,50');
  });
});

describe('debug switches and tuning', () => {
  it('reads ?tune and ?round=', () => {
    expect(readDebugParams('?tune&round=win')).toEqual({ tune: true, round: 'win' });
    expect(readDebugParams('')).toEqual({ tune: false, round: null });
  });

  it('applies pasted tuning JSON clamped to the schema', () => {
    const values = tuningDefaults(diceTuning);
    applyTuning(diceTuning, values, { rollMs: 99_999, winColor: '#123456', loseColor: 'red', nope: 1 });
    expect(values.rollMs).toBe(diceTuning.rollMs.max);
    expect(values.winColor).toBe('#123456');
    expect(values.loseColor).toBe(diceTuning.loseColor.default);
  });
});

describe('game chunk loader', () => {
  it('gives up after the time-out with a retry message, and the retry loads the game', async () => {
    vi.useFakeTimers();
    const module: GameModule = { Game: () => <p data-testid="table">mesa</p> };
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1 ? new Promise<GameModule>(() => undefined) : Promise.resolve(module);
    };
    const host = {
      balance: 10,
      username: null,
      publishBalance: () => undefined,
      refreshBalance: () => undefined,
    };
    render(<GameLoader gameType="dice" load={load} host={host} timeoutMs={1000} />);
    expect(screen.getByTestId('game-dice').getAttribute('data-state')).toBe('loading');
    expect(screen.getByTestId('game-loading')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('game-load-failed').textContent).toContain('demorando demais');

    fireEvent.click(screen.getByTestId('game-load-retry'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('table').textContent).toBe('mesa');
    expect(calls).toBe(2);
  });

  it('draws a table whose code has arrived in its first render, and does not download it again', () => {
    const module: GameModule = { Game: () => <p data-testid="table">mesa</p> };
    const load = vi.fn(() => Promise.resolve(module));
    const host = {
      balance: 10,
      username: null,
      publishBalance: () => undefined,
      refreshBalance: () => undefined,
    };
    const { container } = render(<GameLoader gameType="dice" load={load} arrived={module} host={host} />);
    expect(container.textContent).toBe('mesa');
    expect(container.querySelector('[data-testid="game-loading"]')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('game loaders', () => {
  it('remember what arrived: a preloaded table is there for the page, under one loader per game', async () => {
    expect(hasGame('dice')).toBe(true);
    expect(gameLoader('dice')).toBe(gameLoader('dice'));
    expect(arrivedGame('dice')).toBeNull();
    await preloadGame('dice');
    expect(typeof arrivedGame('dice')?.Game).toBe('function');
  });
});

describe('fairness panel', () => {
  it('verifies a past bet in the browser once its server seed is revealed', async () => {
    const { FairnessPanel, rememberRevealedSeed } =
      await import('../../../src/games/shared/hud/fairness-panel');
    const { fixtures } = await import('../../../src/games/dice/fixtures');
    const bet = fixtures.win;
    rememberRevealedSeed(bet.serverSeed);
    render(
      <FairnessPanel
        edge={0.01}
        request={{
          game: 'dice',
          serverSeedHash: bet.answer.fairness.serverSeedHash,
          clientSeed: bet.answer.fairness.clientSeed,
          nonce: bet.answer.fairness.nonce,
        }}
      />,
    );
    expect((screen.getByTestId('verify-server-seed') as HTMLInputElement).value).toBe(bet.serverSeed);
    expect((await screen.findByTestId('fairness-client-seed')).textContent).toBe('mine');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(screen.getByTestId('verify-outcome').textContent).toBe('77,18');
    expect(screen.getByTestId('verify-result').textContent).toContain('Confere com o hash publicado');

    fireEvent.change(screen.getByTestId('verify-server-seed'), { target: { value: 'outra semente' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(screen.getByTestId('verify-result').textContent).toContain('Não confere');
  });
});
