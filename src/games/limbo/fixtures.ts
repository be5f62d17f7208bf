import { cuesForBet, type LimboBetAnswer } from './limbo.cues';
import type { LimboCue } from './limbo.scene';

/**
 * Recorded Limbo bets for `?round=<name>`: the request and the server's answer (the `data` of the
 * envelope of `/limbo/bet`) exactly as the API gives them. The results are real: each is what the
 * fairness scheme draws from `serverSeed` (revealed by a seed rotation), the client seed and the
 * nonce with the default 1% edge; tests/client/games/limbo-fixtures.test.ts re-derives them.
 */
export interface LimboFixture {
  /** What the fixture shows a designer. */
  description: string;
  /** The bet's server seed, revealed after rotation (its SHA-256 is `fairness.serverSeedHash`). */
  serverSeed: string;
  request: { amount: number; target: number };
  response: LimboBetAnswer;
}

/** The recorded bets by name. */
export const fixtures = {
  win: {
    description: 'Target 2,00× meets 3,82×: a 2× win',
    serverSeed: '7e2b9c4d1f6a3e8b5c0d7f2a9e4b1c6d3f8a5e0b7c2d9f4a1e6b3c8d5f0a7e92',
    request: { amount: 10, target: 2 },
    response: {
      betId: 'B2025061408F1A2B3C4D5',
      gameCode: 'SE0004',
      amount: 10,
      multiplier: 2,
      payout: 20,
      win: true,
      balance: 210,
      outcome: { result: 3.82 },
      fairness: {
        serverSeedHash: '80a4f9f4cda246a7f8222f256025f1f2d559f3f44c84c94646c3eb093e5711f0',
        clientSeed: 'trevo-demo-7f3a',
        nonce: 0,
      },
    },
  },
  loss: {
    description: 'Target 2,00× stops at 1,15×: a loss',
    serverSeed: '7e2b9c4d1f6a3e8b5c0d7f2a9e4b1c6d3f8a5e0b7c2d9f4a1e6b3c8d5f0a7e92',
    request: { amount: 10, target: 2 },
    response: {
      betId: 'B20250614093C5D7E9F1A',
      gameCode: 'SE0004',
      amount: 10,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 200,
      outcome: { result: 1.15 },
      fairness: {
        serverSeedHash: '80a4f9f4cda246a7f8222f256025f1f2d559f3f44c84c94646c3eb093e5711f0',
        clientSeed: 'trevo-demo-7f3a',
        nonce: 3,
      },
    },
  },
  big: {
    description: 'Target 1.000,00× meets 1.429,96×: a 1000× win',
    serverSeed: '7e2b9c4d1f6a3e8b5c0d7f2a9e4b1c6d3f8a5e0b7c2d9f4a1e6b3c8d5f0a7e92',
    request: { amount: 1, target: 1000 },
    response: {
      betId: 'B2025061411A7B9C2D4E6',
      gameCode: 'SE0004',
      amount: 1,
      multiplier: 1000,
      payout: 1000,
      win: true,
      balance: 1199,
      outcome: { result: 1429.96 },
      fairness: {
        serverSeedHash: '80a4f9f4cda246a7f8222f256025f1f2d559f3f44c84c94646c3eb093e5711f0',
        clientSeed: 'trevo-demo-7f3a',
        nonce: 1061,
      },
    },
  },
  minimum: {
    description: 'Target 1,50× meets the floor, 1,00×: a loss at once',
    serverSeed: '7e2b9c4d1f6a3e8b5c0d7f2a9e4b1c6d3f8a5e0b7c2d9f4a1e6b3c8d5f0a7e92',
    request: { amount: 5, target: 1.5 },
    response: {
      betId: 'B2025061413E0F2A4B6C8',
      gameCode: 'SE0004',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 1194,
      outcome: { result: 1 },
      fairness: {
        serverSeedHash: '80a4f9f4cda246a7f8222f256025f1f2d559f3f44c84c94646c3eb093e5711f0',
        clientSeed: 'trevo-demo-7f3a',
        nonce: 10,
      },
    },
  },
} satisfies Record<string, LimboFixture>;

/** Every cue of a recorded bet in order, as the machine would send them. */
export function replayCues(fixture: LimboFixture): LimboCue[] {
  return [
    { type: 'cue.reset', target: fixture.request.target },
    ...cuesForBet(fixture.request.target, fixture.response),
  ];
}
