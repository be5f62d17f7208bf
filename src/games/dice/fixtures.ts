import type { DiceDirection } from '../../../domain/games/rules';
import type { SettledBet } from '../../../domain/schemas/game.schema';

/**
 * Recorded DICE rounds for `?round=<name>`: the terms a player sent and the server's answer. The
 * seeds are the public verifier vectors of design/games.md, so every roll here can be checked with
 * domain/fairness (tests/client/games/dice-fixtures.test.ts does). Balances start from R$ 100.
 */
export interface DiceFixture {
  /** What the fixture shows a designer. */
  description: string;
  terms: { amount: number; target: number; direction: DiceDirection };
  /** The server seed, revealed, so the fairness panel can verify the replay. */
  serverSeed: string;
  answer: SettledBet;
}

export const fixtures = {
  win: {
    description: 'Over 50.50 rolls 77.18: a clear 2× win',
    terms: { amount: 10, target: 50.5, direction: 'over' },
    serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
    answer: {
      betId: 'BFIXTUREWIN',
      gameCode: 'SE0002',
      amount: 10,
      multiplier: 2,
      payout: 20,
      win: true,
      balance: 110,
      outcome: { roll: 77.18 },
      fairness: {
        serverSeedHash: '92a94e8c23510695d92e123725ecd728e54bd251c0ec4b4c422bd16aa34567f9',
        clientSeed: 'bb62964774',
        nonce: 1,
      },
    },
  },
  loss: {
    description: 'Over 50.50 rolls 19.59: a loss far from the target',
    terms: { amount: 10, target: 50.5, direction: 'over' },
    serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
    answer: {
      betId: 'BFIXTURELOSS',
      gameCode: 'SE0002',
      amount: 10,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 90,
      outcome: { roll: 19.59 },
      fairness: {
        serverSeedHash: '735699851adce9f8345624575365a435e2ac5d4e941ab2744db8c2ad00a6d79f',
        clientSeed: '3c83fc7e07',
        nonce: 3,
      },
    },
  },
  close: {
    description: 'Over 55.00 rolls 56.37: a narrow 2.2× win next to the handle',
    terms: { amount: 10, target: 55, direction: 'over' },
    serverSeed: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1',
    answer: {
      betId: 'BFIXTURECLOSE',
      gameCode: 'SE0002',
      amount: 10,
      multiplier: 2.2,
      payout: 22,
      win: true,
      balance: 112,
      outcome: { roll: 56.37 },
      fairness: {
        serverSeedHash: '3a5d54c17c99faae42a7c51a840cd32fb23c744d99f796a9f5a0b565a9d8e5b1',
        clientSeed: '8b3ca8298c',
        nonce: 54,
      },
    },
  },
  longShot: {
    description: 'Under 2.00 (49.5×) rolls 56.37: a long shot that misses',
    terms: { amount: 10, target: 2, direction: 'under' },
    serverSeed: 'a5022ccf5dd5a76d2014278e3d91d1dfc47c3f12e683ea0c8151fdc2f944beb1',
    answer: {
      betId: 'BFIXTURELONG',
      gameCode: 'SE0002',
      amount: 10,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 90,
      outcome: { roll: 56.37 },
      fairness: {
        serverSeedHash: '3a5d54c17c99faae42a7c51a840cd32fb23c744d99f796a9f5a0b565a9d8e5b1',
        clientSeed: '8b3ca8298c',
        nonce: 54,
      },
    },
  },
} satisfies Record<string, DiceFixture>;
