import type { SettledBet } from '../../../domain/schemas/game.schema';

/** `POST /api/app/game/rowdouble/bet` body. */
export interface RowDoubleBetRequest {
  amount: number;
  color: 'red' | 'black' | 'white';
}

/** A settled ROWDOUBLE bet as the server answers it (`outcome` is `{ tile }`). */
export type RowDoubleAnswer = Omit<SettledBet, 'outcome'> & { outcome: { tile: number } };

/** Recorded bets under one seed pair; `serverSeed` is the seed a rotation revealed afterwards. */
export interface RowDoubleRecording {
  /** What the fixture shows a designer. */
  description: string;
  seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string };
  bets: Array<{ request: RowDoubleBetRequest; answer: RowDoubleAnswer }>;
}

const seeds = {
  serverSeed: '231a267cdda1d21cc34bd0e244eff01b6450653cd67c0e6ac78d5afde9c7cc53',
  serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
  clientSeed: 'e466f4ecd5484807',
};

/**
 * The bets of one seed pair (nonces 0, 1, 2, …), each the player's request and the server's
 * answer, made by the server's own `domain/fairness/instant` and `domain/games/rules` code, so every
 * tile, payout and balance is what the server would answer; tests/client/games/round-fixtures.test.ts
 * re-checks them against the revealed seed.
 */
const bets: RowDoubleRecording['bets'] = [
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B202603140A100343A12B',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 95,
      outcome: {
        tile: 13,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 0,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314FE297B133ECB',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 100,
      outcome: {
        tile: 14,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 1,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B20260314834088090C94',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 105,
      outcome: {
        tile: 3,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 2,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B20260314E08F56083672',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 110,
      outcome: {
        tile: 1,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 3,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314DE6B221EE982',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 105,
      outcome: {
        tile: 1,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 4,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314D63B45306F70',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 110,
      outcome: {
        tile: 12,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 5,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B2026031443F24C6899D2',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 115,
      outcome: {
        tile: 6,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 6,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314CDD894D4FBC0',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 110,
      outcome: {
        tile: 2,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 7,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B2026031409BEC0290209',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 115,
      outcome: {
        tile: 2,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 8,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B20260314452C506DE557',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 110,
      outcome: {
        tile: 14,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 9,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B202603141086CACE8AED',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 115,
      outcome: {
        tile: 8,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 10,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B202603148E04D674B6BB',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 110,
      outcome: {
        tile: 9,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 11,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B2026031445032814E841',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 105,
      outcome: {
        tile: 12,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 12,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314B83E14190A2A',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 100,
      outcome: {
        tile: 1,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 13,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B20260314E17C1F4B0455',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 95,
      outcome: {
        tile: 12,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 14,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B202603140D2BF6EBDEB6',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 90,
      outcome: {
        tile: 11,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 15,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314B27BF3DA453A',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 95,
      outcome: {
        tile: 9,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 16,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B202603144B171C0D64E4',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 100,
      outcome: {
        tile: 8,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 17,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'red',
    },
    answer: {
      betId: 'B202603142422E6198BCF',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 2,
      payout: 10,
      win: true,
      balance: 105,
      outcome: {
        tile: 2,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 18,
      },
    },
  },
  {
    request: {
      amount: 5,
      color: 'black',
    },
    answer: {
      betId: 'B20260314C96FC7CF566A',
      gameCode: 'SE0008',
      amount: 5,
      multiplier: 0,
      payout: 0,
      win: false,
      balance: 100,
      outcome: {
        tile: 7,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 19,
      },
    },
  },
  {
    request: {
      amount: 1,
      color: 'white',
    },
    answer: {
      betId: 'B20260314246AFAB0E5C9',
      gameCode: 'SE0008',
      amount: 1,
      multiplier: 14,
      payout: 14,
      win: true,
      balance: 113,
      outcome: {
        tile: 0,
      },
      fairness: {
        serverSeedHash: 'c4eaceaab8265446c2b24db3108de675337d65171ca68a532f2ff665655fc720',
        clientSeed: 'e466f4ecd5484807',
        nonce: 20,
      },
    },
  },
];

/**
 * ROWDOUBLE bets for `?round=<name>`.
 * - redWin, blackLoss, whiteWin: one bet each.
 * - session: the whole run of 21 bets in nonce order (auto-bet replay).
 */
export const fixtures = {
  redWin: { description: 'One R$ 5 bet on red that wins (2×)', seeds, bets: [bets[2]!] },
  blackLoss: { description: 'One R$ 5 bet on black that loses', seeds, bets: [bets[4]!] },
  whiteWin: { description: 'One R$ 1 bet on white that wins (14×)', seeds, bets: [bets[20]!] },
  session: { description: 'Every bet of the seed pair in nonce order (auto-bet)', seeds, bets },
} satisfies Record<string, RowDoubleRecording>;

/** The fixture names `?round=` accepts for ROWDOUBLE. */
export type RowDoubleFixtureName = keyof typeof fixtures;
