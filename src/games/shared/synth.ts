import type { SoundLayer, SoundRecipe } from './sound-recipe';

/**
 * Renders sound recipes to PCM and WAV with plain arithmetic, so the same code runs in the browser
 * (the stage renders each game's sounds while its progress bar shows) and in Node
 * (`scripts/gen-sounds.ts` writes them to files for designers). Nothing is downloaded.
 */

/** Sample rate of every rendered effect (Hz). */
export const SAMPLE_RATE = 44_100;

/** How long a recipe lasts: its longest layer, delay included (ms). */
export function recipeDurationMs(recipe: SoundRecipe): number {
  return Math.max(0, ...recipe.layers.map((l) => (l.startMs ?? 0) + l.attackMs + l.decayMs));
}

/** A deterministic noise source (xorshift32): the same recipe always renders the same bytes. */
function noise(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return (x / 0xffffffff) * 2 - 1;
  };
}

function oscillator(wave: SoundLayer['wave'], phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'square':
      return p < 0.5 ? 1 : -1;
    case 'triangle':
      return 1 - 4 * Math.abs(p - 0.5);
    case 'sawtooth':
      return 2 * p - 1;
    default:
      return Math.sin(2 * Math.PI * p);
  }
}

function addLayer(out: Float32Array, layer: SoundLayer, index: number, sampleRate: number): void {
  const start = Math.round(((layer.startMs ?? 0) / 1000) * sampleRate);
  const attack = Math.max(1, Math.round((layer.attackMs / 1000) * sampleRate));
  const decay = Math.max(1, Math.round((layer.decayMs / 1000) * sampleRate));
  const length = attack + decay;
  const random = noise(0x9e3779b9 + index * 7919);
  // One-pole low-pass for noise: the cut-off sweeps from fromHz to toHz like an oscillator's pitch.
  let low = 0;
  let phase = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / length;
    const hz = layer.fromHz * Math.pow(layer.toHz / layer.fromHz, t);
    // Linear attack, then an exponential fall to about -60 dB at the end of the decay.
    const envelope = i < attack ? i / attack : Math.exp((-6.9 * (i - attack)) / decay);
    let sample: number;
    if (layer.wave === 'noise') {
      const alpha = Math.min(1, (2 * Math.PI * hz) / sampleRate);
      low += alpha * (random() - low);
      sample = low;
    } else {
      phase += hz / sampleRate;
      sample = oscillator(layer.wave, phase);
    }
    out[start + i]! += sample * envelope * layer.gain;
  }
}

/** The recipe as mono samples in [-1, 1] (soft-clipped so loud mixes never wrap). */
export function renderRecipe(recipe: SoundRecipe, sampleRate = SAMPLE_RATE): Float32Array {
  const out = new Float32Array(Math.max(1, Math.ceil((recipeDurationMs(recipe) / 1000) * sampleRate)));
  recipe.layers.forEach((layer, index) => addLayer(out, layer, index, sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = Math.tanh(out[i]!);
  return out;
}

/** Mono 16-bit PCM WAV bytes of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(s * 0x7fff), true);
  }
  return bytes;
}

/** A recipe rendered and encoded: the WAV file's bytes. */
export function renderWav(recipe: SoundRecipe): ArrayBuffer {
  return encodeWav(renderRecipe(recipe)).buffer as ArrayBuffer;
}
