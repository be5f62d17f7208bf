import { describe, expect, it } from 'vitest';
import { bytesToHex, hmacSha256, sha256Hex } from '../../domain/fairness/hash';
import {
  diceRollFromFloat,
  floats,
  instantOutcome,
  limboResultFromFloat,
  minesFromFloats,
  rowDoubleTileFromFloat,
} from '../../domain/fairness/instant';
import {
  doubleTile,
  followsInChain,
  luckyDigit,
  previousInChain,
  roundValue,
} from '../../domain/fairness/chain';

// Public vectors (design/games.md; research/games.md §3).
const S = [
  {
    server: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
    client: 'bb62964774',
    nonce: 1,
    dice: 77.18,
    limbo: 1.28,
    safe: 21,
    hmac0: 'c590d171e39b70404ee1fff2ce09c3e1090688e1320a9cd27f58b1ac3dfa8c92',
    hash: '92a94e8c23510695d92e123725ecd728e54bd251c0ec4b4c422bd16aa34567f9',
    order: [19, 22, 7, 18, 0, 4, 12, 6, 15, 10, 3, 8, 24, 11, 13, 14, 17, 20, 2, 23, 16, 1, 9, 5],
  },
  {
    server: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
    client: '3c83fc7e07',
    nonce: 3,
    dice: 19.59,
    limbo: 5.05,
    safe: 22,
    hmac0: '322ab22075326005adcf6abfb26f8ec77426ad03afff325946541dfb53fedc60',
    hash: '735699851adce9f8345624575365a435e2ac5d4e941ab2744db8c2ad00a6d79f',
    order: [4, 11, 17, 18, 10, 16, 6, 7, 1, 0, 12, 15, 8, 2, 19, 3, 5, 13, 21, 23, 24, 14, 9, 20],
  },
  {
    server: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1',
    client: '8b3ca8298c',
    nonce: 54,
    dice: 56.37,
    limbo: 1.75,
    safe: 8,
    hmac0: '904e9ab7d196e089042c7f2de3ee9a8a33dc4f417d1450ab7edf8fc3b1e863c4',
    hash: '3a5d54c17c99faae42a7c51a840cd32fb23c744d99f796a9f5a0b565a9d8e5b1',
    order: [14, 20, 0, 22, 5, 11, 12, 17, 4, 23, 15, 1, 2, 7, 6, 19, 10, 21, 24, 18, 16, 3, 9, 13],
  },
];

describe('instant games: published vectors', () => {
  it.each(S)('reproduces dice, limbo and mines for seed $client', (v) => {
    expect(bytesToHex(hmacSha256(v.server, `${v.client}:${v.nonce}:0`))).toBe(v.hmac0);
    expect(sha256Hex(v.server)).toBe(v.hash);
    const seeds = { serverSeed: v.server, clientSeed: v.client, nonce: v.nonce };
    expect(instantOutcome('dice', seeds)).toEqual({ roll: v.dice });
    expect(instantOutcome('limbo', seeds, { edge: 0.01 })).toEqual({ result: v.limbo });
    const mines24 = (instantOutcome('mines', seeds, { mines: 24 }) as { mines: number[] }).mines;
    expect(Array.from({ length: 25 }, (_, i) => i).filter((t) => !mines24.includes(t))).toEqual([v.safe]);
    expect(minesFromFloats(floats(v.server, v.client, v.nonce, 24), 24)).toEqual(v.order);
  });

  it('reads the first floats of S1 as published', () => {
    const [a, b, c] = floats(S[0]!.server, S[0]!.client, S[0]!.nonce, 3);
    expect(a).toBeCloseTo(0.771740999306, 11);
    expect(b).toBeCloseTo(0.889090552926, 11);
    expect(c).toBeCloseTo(0.308135983068, 11);
  });

  it('reproduces LIMBO at a configurable RTP (96%)', () => {
    const seeds = {
      serverSeed: 'c5e7146c5863d7d647c93ffe7d4ec13fffbb7311108fab0c067d97bcc2b32d55',
      clientSeed: 'LuckyClientSeed777',
      nonce: 2,
    };
    expect(instantOutcome('limbo', seeds, { edge: 0.04 })).toEqual({ result: 1.78 });
  });
});

describe('instant games: every outcome bucket', () => {
  it('maps the float range onto 10,001 dice rolls, 15 tiles, and limbo results ≥ 1', () => {
    expect(diceRollFromFloat(0)).toBe(0);
    expect(diceRollFromFloat(0.99999999976)).toBe(100);
    expect(diceRollFromFloat(0.5)).toBe(50);
    for (let tile = 0; tile < 15; tile++) {
      expect(rowDoubleTileFromFloat(tile / 15 + 1e-12)).toBe(tile);
      expect(rowDoubleTileFromFloat((tile + 1) / 15 - 1e-12)).toBe(tile);
    }
    expect(limboResultFromFloat(0.99999999976, 0.01)).toBe(1);
    expect(limboResultFromFloat(0.0000000002, 0.01)).toBeGreaterThan(1_000_000);
    // Every dice roll is reachable: each of the 10,001 buckets has a float that lands in it.
    const seen = new Set<number>();
    for (let i = 0; i <= 10_000; i++) seen.add(diceRollFromFloat((i + 0.5) / 10_001));
    expect(seen.size).toBe(10_001);
  });

  it('places exactly N distinct mines for every N from 1 to 24', () => {
    const fs = floats(S[1]!.server, S[1]!.client, 7, 24);
    for (let n = 1; n <= 24; n++) {
      const mines = minesFromFloats(fs, n);
      expect(new Set(mines).size).toBe(n);
      expect(mines.every((t) => t >= 0 && t < 25)).toBe(true);
    }
  });
});

describe('round games: hash chain', () => {
  // bustabit v2 vectors: key = salt text, message = raw hash bytes, first 52 bits.
  const salt = '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526';
  const bustabit = (hash: string) => {
    const x = Number(roundValue(salt, hash)) / 2 ** 52;
    return Math.floor(99 / (1 - x)) / 100;
  };

  it('extracts the 52-bit value exactly as the published bustabit vectors need', () => {
    expect(bustabit('b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba')).toBe(1.26);
    expect(bustabit('5d07719b61b0abb6f1c3b17b1d69c838278f87f9b5e75077026e5fedf96c2eb2')).toBe(2055.9);
    expect(bustabit('7d58fa510e6ad19a5c2a08302906110702ad354c3d275592068bc3df9cd7fd1d')).toBe(105710.05);
  });

  it('links each hash to the one before it by SHA-256 of its raw bytes', () => {
    const h = 'cafe0123'.padEnd(64, '0');
    expect(followsInChain(h, previousInChain(h))).toBe(true);
    expect(followsInChain(h, h)).toBe(false);
  });

  it('maps round values to tiles and digits with integers only, covering every bucket', () => {
    const tiles = new Set<number>();
    const digits = new Set<number>();
    let hash = 'ab'.repeat(32);
    for (let i = 0; i < 400; i++) {
      hash = previousInChain(hash);
      tiles.add(doubleTile('salt', hash));
      digits.add(luckyDigit('salt', hash));
    }
    expect([...tiles].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect([...digits].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });
});
