import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Creating a Howl (or setting Howler's volume) starts the page's AudioContext; started before a
 * gesture, the browser refuses it. The sound bus renders its sounds at load and creates the Howls
 * only at the player's first gesture (issue 18, item 15).
 */
const created: string[] = [];
const played: string[] = [];
const howler = { volume: vi.fn(), mute: vi.fn() };
vi.mock('howler', () => ({
  Howl: class {
    private readonly src: string;
    constructor(options: { src: string[] }) {
      this.src = options.src[0]!;
      created.push(this.src);
    }
    play() {
      played.push(this.src);
    }
    unload() {}
  },
  Howler: howler,
}));

const { loadSoundBus } = await import('../../../src/games/shared/sound-bus');
const { sounds } = await import('../../../src/games/dice/dice.sounds');

afterEach(() => {
  created.length = 0;
  played.length = 0;
  howler.volume.mockClear();
});

describe('the sound bus', () => {
  it('starts no audio before the first gesture, and plays after it', async () => {
    const progress: number[] = [];
    const bus = await loadSoundBus(sounds, (done) => progress.push(done));
    expect(progress.at(-1)).toBe(1);
    const name = Object.keys(sounds)[0]!;
    bus.play(name);
    expect(created).toEqual([]);
    expect(howler.volume).not.toHaveBeenCalled();
    expect(played).toEqual([]);

    document.dispatchEvent(new Event('pointerdown'));
    expect(created).toHaveLength(Object.keys(sounds).length);
    expect(howler.volume).toHaveBeenCalled();
    bus.play(name);
    expect(played).toHaveLength(1);
    // One gesture is enough: a second creates nothing more.
    document.dispatchEvent(new Event('keydown'));
    expect(created).toHaveLength(Object.keys(sounds).length);
    bus.destroy();
  });

  it('a bus destroyed before any gesture never starts audio', async () => {
    const bus = await loadSoundBus(sounds);
    bus.destroy();
    document.dispatchEvent(new Event('pointerdown'));
    expect(created).toEqual([]);
  });

  it('takes its WAVs from the renderer it is given (the stage worker), rendering none itself', async () => {
    const asked: string[][] = [];
    const bus = await loadSoundBus(sounds, undefined, (book, onProgress) => {
      asked.push(Object.keys(book));
      onProgress(1);
      return Promise.resolve({ win: new Uint8Array([82, 73, 70, 70]).buffer as ArrayBuffer });
    });
    expect(asked).toEqual([Object.keys(sounds)]);
    document.dispatchEvent(new Event('pointerdown'));
    // One Howl per rendered sound: the one the renderer gave.
    expect(created).toHaveLength(1);
    bus.destroy();
  });
});
