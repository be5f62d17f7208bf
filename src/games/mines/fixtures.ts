import {
  cuesForCashout,
  cuesForReveal,
  cuesForStart,
  type MinesGameView,
  type MinesRevealAnswer,
} from './mines.cues';
import type { MinesCue } from './mines.scene';

/**
 * Recorded Mines rounds for `?round=<name>`: the requests and the server's answers (the `data` of
 * each envelope) exactly as the API gives them. The outcomes are real: the mines are those the
 * fairness scheme draws from `serverSeed` (revealed by a seed rotation), the client seed and the
 * nonce, with the default 1% edge; tests/client/games/mines-fixtures.test.ts re-derives them.
 */
export interface MinesFixture {
  /** What the fixture shows a designer. */
  description: string;
  /** The round's server seed, revealed after rotation (its SHA-256 is `fairness.serverSeedHash`). */
  serverSeed: string;
  bet: { request: { amount: number; mines: number }; response: MinesGameView };
  moves: MinesMove[];
}

/** One player move after the bet and the server's answer to it. */
export type MinesMove =
  | { reveal: { gameId: string; tile: number; step: number }; response: MinesRevealAnswer }
  | { cashout: { gameId: string }; response: MinesGameView };

/** The recorded rounds by name. */
export const fixtures = {
  win: {
    description: 'Three mines: four gems, then a cash-out at 1,71×',
    serverSeed: 'c1a5f0e2d39b47a86e1f0c4b9d2a7e3f5b8c6d1e0a9f4b2c7d3e8f1a6b5c4d20',
    bet: {
      request: { amount: 10, mines: 3 },
      response: {
        gameId: 'B2025061409A3F1C2D4E5',
        gameCode: 'SE0001',
        status: 'open',
        mines: 3,
        step: 0,
        revealed: [],
        amount: 10,
        multiplier: 1,
        nextMultiplier: 1.125,
        payout: 0,
        fairness: {
          serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
          clientSeed: 'trevo-demo-7f3a',
          nonce: 0,
        },
        balance: 490,
      },
    },
    moves: [
      {
        reveal: { gameId: 'B2025061409A3F1C2D4E5', tile: 12, step: 0 },
        response: {
          mine: false,
          tile: 12,
          gameId: 'B2025061409A3F1C2D4E5',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 1,
          revealed: [12],
          amount: 10,
          multiplier: 1.125,
          nextMultiplier: 1.2857,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 0,
          },
          balance: 490,
        },
      },
      {
        reveal: { gameId: 'B2025061409A3F1C2D4E5', tile: 6, step: 1 },
        response: {
          mine: false,
          tile: 6,
          gameId: 'B2025061409A3F1C2D4E5',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 2,
          revealed: [12, 6],
          amount: 10,
          multiplier: 1.2857,
          nextMultiplier: 1.4785,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 0,
          },
          balance: 490,
        },
      },
      {
        reveal: { gameId: 'B2025061409A3F1C2D4E5', tile: 18, step: 2 },
        response: {
          mine: false,
          tile: 18,
          gameId: 'B2025061409A3F1C2D4E5',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 3,
          revealed: [12, 6, 18],
          amount: 10,
          multiplier: 1.4785,
          nextMultiplier: 1.712,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 0,
          },
          balance: 490,
        },
      },
      {
        reveal: { gameId: 'B2025061409A3F1C2D4E5', tile: 7, step: 3 },
        response: {
          mine: false,
          tile: 7,
          gameId: 'B2025061409A3F1C2D4E5',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 4,
          revealed: [12, 6, 18, 7],
          amount: 10,
          multiplier: 1.712,
          nextMultiplier: 1.9973,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 0,
          },
          balance: 490,
        },
      },
      {
        cashout: { gameId: 'B2025061409A3F1C2D4E5' },
        response: {
          gameId: 'B2025061409A3F1C2D4E5',
          gameCode: 'SE0001',
          status: 'cashed',
          mines: 3,
          step: 4,
          revealed: [12, 6, 18, 7],
          amount: 10,
          multiplier: 1.712,
          nextMultiplier: null,
          payout: 17.12,
          outcome: { mines: [17, 9, 1] },
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 0,
          },
          balance: 507.12,
        },
      },
    ],
  },
  loss: {
    description: 'Three mines: two gems, then a mine',
    serverSeed: 'c1a5f0e2d39b47a86e1f0c4b9d2a7e3f5b8c6d1e0a9f4b2c7d3e8f1a6b5c4d20',
    bet: {
      request: { amount: 10, mines: 3 },
      response: {
        gameId: 'B202506140B7E2D9C1A36',
        gameCode: 'SE0001',
        status: 'open',
        mines: 3,
        step: 0,
        revealed: [],
        amount: 10,
        multiplier: 1,
        nextMultiplier: 1.125,
        payout: 0,
        fairness: {
          serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
          clientSeed: 'trevo-demo-7f3a',
          nonce: 1,
        },
        balance: 497.12,
      },
    },
    moves: [
      {
        reveal: { gameId: 'B202506140B7E2D9C1A36', tile: 0, step: 0 },
        response: {
          mine: false,
          tile: 0,
          gameId: 'B202506140B7E2D9C1A36',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 1,
          revealed: [0],
          amount: 10,
          multiplier: 1.125,
          nextMultiplier: 1.2857,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 1,
          },
          balance: 497.12,
        },
      },
      {
        reveal: { gameId: 'B202506140B7E2D9C1A36', tile: 24, step: 1 },
        response: {
          mine: false,
          tile: 24,
          gameId: 'B202506140B7E2D9C1A36',
          gameCode: 'SE0001',
          status: 'open',
          mines: 3,
          step: 2,
          revealed: [0, 24],
          amount: 10,
          multiplier: 1.2857,
          nextMultiplier: 1.4785,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 1,
          },
          balance: 497.12,
        },
      },
      {
        reveal: { gameId: 'B202506140B7E2D9C1A36', tile: 12, step: 2 },
        response: {
          mine: true,
          tile: 12,
          gameId: 'B202506140B7E2D9C1A36',
          gameCode: 'SE0001',
          status: 'busted',
          mines: 3,
          step: 2,
          revealed: [0, 24, 12],
          amount: 10,
          multiplier: 0,
          nextMultiplier: null,
          payout: 0,
          outcome: { mines: [9, 18, 12] },
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 1,
          },
          balance: 497.12,
        },
      },
    ],
  },
  big: {
    description: 'Ten mines: eight gems, then a cash-out at 166,39×',
    serverSeed: 'c1a5f0e2d39b47a86e1f0c4b9d2a7e3f5b8c6d1e0a9f4b2c7d3e8f1a6b5c4d20',
    bet: {
      request: { amount: 5, mines: 10 },
      response: {
        gameId: 'B2025061412C4A8E6F0B3',
        gameCode: 'SE0001',
        status: 'open',
        mines: 10,
        step: 0,
        revealed: [],
        amount: 5,
        multiplier: 1,
        nextMultiplier: 1.65,
        payout: 0,
        fairness: {
          serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
          clientSeed: 'trevo-demo-7f3a',
          nonce: 2,
        },
        balance: 492.12,
      },
    },
    moves: [
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 12, step: 0 },
        response: {
          mine: false,
          tile: 12,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 1,
          revealed: [12],
          amount: 5,
          multiplier: 1.65,
          nextMultiplier: 2.8285,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 7, step: 1 },
        response: {
          mine: false,
          tile: 7,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 2,
          revealed: [12, 7],
          amount: 5,
          multiplier: 2.8285,
          nextMultiplier: 5.0043,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 11, step: 2 },
        response: {
          mine: false,
          tile: 11,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 3,
          revealed: [12, 7, 11],
          amount: 5,
          multiplier: 5.0043,
          nextMultiplier: 9.1747,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 18, step: 3 },
        response: {
          mine: false,
          tile: 18,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 4,
          revealed: [12, 7, 11, 18],
          amount: 5,
          multiplier: 9.1747,
          nextMultiplier: 17.5153,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 3, step: 4 },
        response: {
          mine: false,
          tile: 3,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 5,
          revealed: [12, 7, 11, 18, 3],
          amount: 5,
          multiplier: 17.5153,
          nextMultiplier: 35.0307,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 22, step: 5 },
        response: {
          mine: false,
          tile: 22,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 6,
          revealed: [12, 7, 11, 18, 3, 22],
          amount: 5,
          multiplier: 35.0307,
          nextMultiplier: 73.9538,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 16, step: 6 },
        response: {
          mine: false,
          tile: 16,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 7,
          revealed: [12, 7, 11, 18, 3, 22, 16],
          amount: 5,
          multiplier: 73.9538,
          nextMultiplier: 166.3961,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        reveal: { gameId: 'B2025061412C4A8E6F0B3', tile: 4, step: 7 },
        response: {
          mine: false,
          tile: 4,
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'open',
          mines: 10,
          step: 8,
          revealed: [12, 7, 11, 18, 3, 22, 16, 4],
          amount: 5,
          multiplier: 166.3961,
          nextMultiplier: 404.1049,
          payout: 0,
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 492.12,
        },
      },
      {
        cashout: { gameId: 'B2025061412C4A8E6F0B3' },
        response: {
          gameId: 'B2025061412C4A8E6F0B3',
          gameCode: 'SE0001',
          status: 'cashed',
          mines: 10,
          step: 8,
          revealed: [12, 7, 11, 18, 3, 22, 16, 4],
          amount: 5,
          multiplier: 166.3961,
          nextMultiplier: null,
          payout: 831.98,
          outcome: { mines: [24, 17, 8, 0, 6, 23, 2, 13, 21, 1] },
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 2,
          },
          balance: 1324.1,
        },
      },
    ],
  },
  clear: {
    description: 'Twenty-four mines: the one gem clears the board and cashes out by itself at 24,75×',
    serverSeed: 'c1a5f0e2d39b47a86e1f0c4b9d2a7e3f5b8c6d1e0a9f4b2c7d3e8f1a6b5c4d20',
    bet: {
      request: { amount: 2, mines: 24 },
      response: {
        gameId: 'B20250614159D3B7F2E81',
        gameCode: 'SE0001',
        status: 'open',
        mines: 24,
        step: 0,
        revealed: [],
        amount: 2,
        multiplier: 1,
        nextMultiplier: 24.75,
        payout: 0,
        fairness: {
          serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
          clientSeed: 'trevo-demo-7f3a',
          nonce: 3,
        },
        balance: 1322.1,
      },
    },
    moves: [
      {
        reveal: { gameId: 'B20250614159D3B7F2E81', tile: 8, step: 0 },
        response: {
          mine: false,
          tile: 8,
          gameId: 'B20250614159D3B7F2E81',
          gameCode: 'SE0001',
          status: 'cashed',
          mines: 24,
          step: 1,
          revealed: [8],
          amount: 2,
          multiplier: 24.75,
          nextMultiplier: null,
          payout: 49.5,
          outcome: {
            mines: [24, 10, 21, 7, 12, 2, 15, 20, 23, 0, 17, 3, 16, 9, 5, 11, 6, 1, 18, 13, 4, 14, 22, 19],
          },
          fairness: {
            serverSeedHash: '40d33287321b99f98e5f14246a9689e98079ea188040fc7bb8da75087631507b',
            clientSeed: 'trevo-demo-7f3a',
            nonce: 3,
          },
          balance: 1371.6,
        },
      },
    ],
  },
} satisfies Record<string, MinesFixture>;

/** Every cue of a recorded round in order, as the machine would send them (each reveal preceded by its pending pulse). */
export function replayCues(fixture: MinesFixture): MinesCue[] {
  const cues = cuesForStart(fixture.bet.response);
  for (const move of fixture.moves) {
    if ('reveal' in move)
      cues.push({ type: 'cue.pending', tile: move.reveal.tile }, ...cuesForReveal(move.response));
    else cues.push(...cuesForCashout(move.response));
  }
  return cues;
}
