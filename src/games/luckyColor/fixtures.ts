import type { RecordedRound } from '../shared-art/round-wire';

/** `POST /api/app/game/luckycolor/bet` body. */
export interface LuckyBetRequest {
  periodId: string;
  pick:
    'green' | 'red' | 'violet' | 'big' | 'small' | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
  amount: number;
}

/**
 * LUCKYCOLOR visits for `?round=<name>`: the state answer on arrival, then socket events and the
 * player's bets in order. All periods come from one fresh hash chain run through the server's own
 * `domain/fairness` and `domain/games/rules` code with the default timing (50 s betting, 10 s
 * drawing), so every hash, digit, total and balance is what the server would send;
 * tests/client/games/round-fixtures.test.ts re-checks them.
 * - greenWin: arrives 21 s in, bets R$ 10 on green, a green digit comes (2×).
 * - violetHit: bets R$ 4 on violet, 5 comes (4.85×).
 * - numberLoss: bets R$ 1 on 7, another digit comes.
 * - lateJoinDrawing: arrives 3.5 s into the draw, no bet.
 */
export const fixtures = {
  greenWin: {
    description: 'Arrives 21 s into the period, bets R$ 10 on green; a green digit comes (2×)',
    state: {
      game: 'luckycolor',
      round: {
        roundId: 'luckycolor-10',
        number: 10,
        phase: 'betting',
        opensAt: '2026-03-14T20:09:02.250Z',
        closesAt: '2026-03-14T20:09:52.250Z',
        rollsAt: '2026-03-14T20:09:52.250Z',
        completesAt: '2026-03-14T20:10:02.250Z',
        previousHash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
        result: null,
        hash: null,
        totals: {
          '3': 59.8,
          '7': 184.53,
          green: 68.87,
          red: 182.68,
          violet: 100.26,
        },
      },
      recent: [
        {
          roundId: 'luckycolor-9',
          number: 9,
          result: 9,
          hash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
        },
        {
          roundId: 'luckycolor-8',
          number: 8,
          result: 0,
          hash: '8766f127e1a709b7c0e13c7d6a1c6f5aa3cfd25ff5e6d34247085f5ca089b4f1',
        },
        {
          roundId: 'luckycolor-7',
          number: 7,
          result: 9,
          hash: '7641dbd673fedceaa558a926b25dcfd26644a40f0ab28f7a880360069c6aeddf',
        },
        {
          roundId: 'luckycolor-6',
          number: 6,
          result: 6,
          hash: '1a6751854b7858d6eff51c5f45479551da3692ed77dc95f359125fde9b490ce5',
        },
        {
          roundId: 'luckycolor-5',
          number: 5,
          result: 4,
          hash: '3323e5971a7a191471945a210ca61d62887580885a52cf19b963a6e7eca769ab',
        },
        {
          roundId: 'luckycolor-4',
          number: 4,
          result: 2,
          hash: 'b8993f06e69822d6179e840e1e6c97f3534aa3a713ab18b9a572b5f70eec8919',
        },
        {
          roundId: 'luckycolor-3',
          number: 3,
          result: 6,
          hash: '3671293e999eadd9d58443ada0b48594cad2a324726d3d291490a6e0d5330f86',
        },
        {
          roundId: 'luckycolor-2',
          number: 2,
          result: 1,
          hash: 'f76b1bf766bc5fb5861bf7322562053dbf7a2fa381f6cb62cdb1208ee3bd4a00',
        },
        {
          roundId: 'luckycolor-1',
          number: 1,
          result: 4,
          hash: '2a35f3fa740d43500a0df7fa46d85ea35882a6642da5edcf8343a54e40024eeb',
        },
      ],
      serverTime: '2026-03-14T20:09:23.250Z',
    },
    timeline: [
      {
        atMs: 9000,
        kind: 'bet',
        request: {
          periodId: 'luckycolor-10',
          pick: 'green',
          amount: 10,
        },
        answer: {
          betId: 'B20260314D47363DB3869',
          gameCode: 'SE0007',
          roundId: 'luckycolor-10',
          pick: 'green',
          amount: 10,
        },
      },
      {
        atMs: 9040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-10',
          totals: {
            '3': 39.8,
            '7': 184.53,
            green: 68.87,
            red: 182.68,
            violet: 100.26,
          },
        },
      },
      {
        atMs: 9060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 140,
        },
      },
      {
        atMs: 17400,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-10',
          totals: {
            '3': 59.8,
            '7': 184.53,
            green: 68.87,
            red: 182.68,
            violet: 100.26,
          },
        },
      },
      {
        atMs: 29010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-10',
        },
      },
      {
        atMs: 29010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-10',
          result: 7,
          hash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
          sentAt: 1773518992260,
        },
      },
      {
        atMs: 29060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 160,
        },
      },
      {
        atMs: 39250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-11',
          closesAt: '2026-03-14T20:10:52.500Z',
          rollsAt: '2026-03-14T20:10:52.500Z',
          previousHash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
        },
      },
    ],
    verify: {
      roundId: 'luckycolor-10',
      hash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
      previousHash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
      salt: '80f4870ef7d9e03fc6424b94059fa543d640df265ef9552d11c4da1efa00923a',
      result: 7,
    },
  },
  violetHit: {
    description: 'Bets R$ 4 on violet; 5 comes (4.85×)',
    state: {
      game: 'luckycolor',
      round: {
        roundId: 'luckycolor-18',
        number: 18,
        phase: 'betting',
        opensAt: '2026-03-14T20:17:04.250Z',
        closesAt: '2026-03-14T20:17:54.250Z',
        rollsAt: '2026-03-14T20:17:54.250Z',
        completesAt: '2026-03-14T20:18:04.250Z',
        previousHash: '59dab7dfd43ef2f3f2abc7cb804585b92da7092320bc13d131b1c02beb75fb4a',
        result: null,
        hash: null,
        totals: {
          '3': 165.62,
          '7': 94.27,
          green: 94.13,
          red: 17.96,
          violet: 175.32,
          small: 16.47,
        },
      },
      recent: [
        {
          roundId: 'luckycolor-17',
          number: 17,
          result: 6,
          hash: '59dab7dfd43ef2f3f2abc7cb804585b92da7092320bc13d131b1c02beb75fb4a',
        },
        {
          roundId: 'luckycolor-16',
          number: 16,
          result: 4,
          hash: '44bdee81409c204fb255f70f3fa0fe5899a3c45fb915c725df3f653f15417fe6',
        },
        {
          roundId: 'luckycolor-15',
          number: 15,
          result: 4,
          hash: '64a2d91cf57667b5fc375caa864b7293a557a25fd398b5b61bf6c8a08a98ce19',
        },
        {
          roundId: 'luckycolor-14',
          number: 14,
          result: 3,
          hash: '8b8daed549709b78bb923fe2c18b45e38904cbd1cebf6510bc42ea690f858ba6',
        },
        {
          roundId: 'luckycolor-13',
          number: 13,
          result: 0,
          hash: 'ec54865c492faf3838929dfb74c10b86bd464d23b2c34fa87ef452181adfd6f5',
        },
        {
          roundId: 'luckycolor-12',
          number: 12,
          result: 7,
          hash: '885b2d166f8918fbddacbfafc132faab3bd3b0bf7f00f97022594b186be1978c',
        },
        {
          roundId: 'luckycolor-11',
          number: 11,
          result: 3,
          hash: '7c87f0d86c976454f4f71e1cc660017d74158b0ebdeb584796ec6737989fecff',
        },
        {
          roundId: 'luckycolor-10',
          number: 10,
          result: 7,
          hash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
        },
        {
          roundId: 'luckycolor-9',
          number: 9,
          result: 9,
          hash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
        },
        {
          roundId: 'luckycolor-8',
          number: 8,
          result: 0,
          hash: '8766f127e1a709b7c0e13c7d6a1c6f5aa3cfd25ff5e6d34247085f5ca089b4f1',
        },
        {
          roundId: 'luckycolor-7',
          number: 7,
          result: 9,
          hash: '7641dbd673fedceaa558a926b25dcfd26644a40f0ab28f7a880360069c6aeddf',
        },
        {
          roundId: 'luckycolor-6',
          number: 6,
          result: 6,
          hash: '1a6751854b7858d6eff51c5f45479551da3692ed77dc95f359125fde9b490ce5',
        },
        {
          roundId: 'luckycolor-5',
          number: 5,
          result: 4,
          hash: '3323e5971a7a191471945a210ca61d62887580885a52cf19b963a6e7eca769ab',
        },
        {
          roundId: 'luckycolor-4',
          number: 4,
          result: 2,
          hash: 'b8993f06e69822d6179e840e1e6c97f3534aa3a713ab18b9a572b5f70eec8919',
        },
        {
          roundId: 'luckycolor-3',
          number: 3,
          result: 6,
          hash: '3671293e999eadd9d58443ada0b48594cad2a324726d3d291490a6e0d5330f86',
        },
        {
          roundId: 'luckycolor-2',
          number: 2,
          result: 1,
          hash: 'f76b1bf766bc5fb5861bf7322562053dbf7a2fa381f6cb62cdb1208ee3bd4a00',
        },
        {
          roundId: 'luckycolor-1',
          number: 1,
          result: 4,
          hash: '2a35f3fa740d43500a0df7fa46d85ea35882a6642da5edcf8343a54e40024eeb',
        },
      ],
      serverTime: '2026-03-14T20:17:34.250Z',
    },
    timeline: [
      {
        atMs: 5000,
        kind: 'bet',
        request: {
          periodId: 'luckycolor-18',
          pick: 'violet',
          amount: 4,
        },
        answer: {
          betId: 'B202603148D06D6098912',
          gameCode: 'SE0007',
          roundId: 'luckycolor-18',
          pick: 'violet',
          amount: 4,
        },
      },
      {
        atMs: 5040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-18',
          totals: {
            '3': 165.62,
            '7': 94.27,
            green: 74.13,
            red: 17.96,
            violet: 175.32,
            small: 16.47,
          },
        },
      },
      {
        atMs: 5060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 71,
        },
      },
      {
        atMs: 12000,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-18',
          totals: {
            '3': 165.62,
            '7': 94.27,
            green: 94.13,
            red: 17.96,
            violet: 175.32,
            small: 16.47,
          },
        },
      },
      {
        atMs: 20010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-18',
        },
      },
      {
        atMs: 20010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-18',
          result: 5,
          hash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
          sentAt: 1773519474260,
        },
      },
      {
        atMs: 20060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 90.4,
        },
      },
      {
        atMs: 30250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-19',
          closesAt: '2026-03-14T20:18:54.500Z',
          rollsAt: '2026-03-14T20:18:54.500Z',
          previousHash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
        },
      },
    ],
    verify: {
      roundId: 'luckycolor-18',
      hash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
      previousHash: '59dab7dfd43ef2f3f2abc7cb804585b92da7092320bc13d131b1c02beb75fb4a',
      salt: '80f4870ef7d9e03fc6424b94059fa543d640df265ef9552d11c4da1efa00923a',
      result: 5,
    },
  },
  numberLoss: {
    description: 'Bets R$ 1 on 7; another digit comes',
    state: {
      game: 'luckycolor',
      round: {
        roundId: 'luckycolor-19',
        number: 19,
        phase: 'betting',
        opensAt: '2026-03-14T20:18:04.500Z',
        closesAt: '2026-03-14T20:18:54.500Z',
        rollsAt: '2026-03-14T20:18:54.500Z',
        completesAt: '2026-03-14T20:19:04.500Z',
        previousHash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
        result: null,
        hash: null,
        totals: {
          '3': 11.52,
          '7': 1,
          red: 9.9,
          violet: 157.98,
        },
      },
      recent: [
        {
          roundId: 'luckycolor-18',
          number: 18,
          result: 5,
          hash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
        },
        {
          roundId: 'luckycolor-17',
          number: 17,
          result: 6,
          hash: '59dab7dfd43ef2f3f2abc7cb804585b92da7092320bc13d131b1c02beb75fb4a',
        },
        {
          roundId: 'luckycolor-16',
          number: 16,
          result: 4,
          hash: '44bdee81409c204fb255f70f3fa0fe5899a3c45fb915c725df3f653f15417fe6',
        },
        {
          roundId: 'luckycolor-15',
          number: 15,
          result: 4,
          hash: '64a2d91cf57667b5fc375caa864b7293a557a25fd398b5b61bf6c8a08a98ce19',
        },
        {
          roundId: 'luckycolor-14',
          number: 14,
          result: 3,
          hash: '8b8daed549709b78bb923fe2c18b45e38904cbd1cebf6510bc42ea690f858ba6',
        },
        {
          roundId: 'luckycolor-13',
          number: 13,
          result: 0,
          hash: 'ec54865c492faf3838929dfb74c10b86bd464d23b2c34fa87ef452181adfd6f5',
        },
        {
          roundId: 'luckycolor-12',
          number: 12,
          result: 7,
          hash: '885b2d166f8918fbddacbfafc132faab3bd3b0bf7f00f97022594b186be1978c',
        },
        {
          roundId: 'luckycolor-11',
          number: 11,
          result: 3,
          hash: '7c87f0d86c976454f4f71e1cc660017d74158b0ebdeb584796ec6737989fecff',
        },
        {
          roundId: 'luckycolor-10',
          number: 10,
          result: 7,
          hash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
        },
        {
          roundId: 'luckycolor-9',
          number: 9,
          result: 9,
          hash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
        },
        {
          roundId: 'luckycolor-8',
          number: 8,
          result: 0,
          hash: '8766f127e1a709b7c0e13c7d6a1c6f5aa3cfd25ff5e6d34247085f5ca089b4f1',
        },
        {
          roundId: 'luckycolor-7',
          number: 7,
          result: 9,
          hash: '7641dbd673fedceaa558a926b25dcfd26644a40f0ab28f7a880360069c6aeddf',
        },
        {
          roundId: 'luckycolor-6',
          number: 6,
          result: 6,
          hash: '1a6751854b7858d6eff51c5f45479551da3692ed77dc95f359125fde9b490ce5',
        },
        {
          roundId: 'luckycolor-5',
          number: 5,
          result: 4,
          hash: '3323e5971a7a191471945a210ca61d62887580885a52cf19b963a6e7eca769ab',
        },
        {
          roundId: 'luckycolor-4',
          number: 4,
          result: 2,
          hash: 'b8993f06e69822d6179e840e1e6c97f3534aa3a713ab18b9a572b5f70eec8919',
        },
        {
          roundId: 'luckycolor-3',
          number: 3,
          result: 6,
          hash: '3671293e999eadd9d58443ada0b48594cad2a324726d3d291490a6e0d5330f86',
        },
        {
          roundId: 'luckycolor-2',
          number: 2,
          result: 1,
          hash: 'f76b1bf766bc5fb5861bf7322562053dbf7a2fa381f6cb62cdb1208ee3bd4a00',
        },
        {
          roundId: 'luckycolor-1',
          number: 1,
          result: 4,
          hash: '2a35f3fa740d43500a0df7fa46d85ea35882a6642da5edcf8343a54e40024eeb',
        },
      ],
      serverTime: '2026-03-14T20:18:16.500Z',
    },
    timeline: [
      {
        atMs: 20000,
        kind: 'bet',
        request: {
          periodId: 'luckycolor-19',
          pick: '7',
          amount: 1,
        },
        answer: {
          betId: 'B20260314E8452791E913',
          gameCode: 'SE0007',
          roundId: 'luckycolor-19',
          pick: '7',
          amount: 1,
        },
      },
      {
        atMs: 20040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-19',
          totals: {
            '3': 11.52,
            '7': 1,
            red: 9.9,
            violet: 137.98,
          },
        },
      },
      {
        atMs: 20060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 19,
        },
      },
      {
        atMs: 22800,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-19',
          totals: {
            '3': 11.52,
            '7': 1,
            red: 9.9,
            violet: 157.98,
          },
        },
      },
      {
        atMs: 38010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-19',
        },
      },
      {
        atMs: 38010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-19',
          result: 9,
          hash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
          sentAt: 1773519534510,
        },
      },
      {
        atMs: 38060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 19,
        },
      },
      {
        atMs: 48250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-20',
          closesAt: '2026-03-14T20:19:54.750Z',
          rollsAt: '2026-03-14T20:19:54.750Z',
          previousHash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
        },
      },
    ],
    verify: {
      roundId: 'luckycolor-19',
      hash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
      previousHash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
      salt: '80f4870ef7d9e03fc6424b94059fa543d640df265ef9552d11c4da1efa00923a',
      result: 9,
    },
  },
  lateJoinDrawing: {
    description: 'Arrives 3.5 s into the draw without a bet',
    state: {
      game: 'luckycolor',
      round: {
        roundId: 'luckycolor-20',
        number: 20,
        phase: 'rolling',
        opensAt: '2026-03-14T20:19:04.750Z',
        closesAt: '2026-03-14T20:19:54.750Z',
        rollsAt: '2026-03-14T20:19:54.750Z',
        completesAt: '2026-03-14T20:20:04.750Z',
        previousHash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
        result: 4,
        hash: 'd8f27e48f1e46409494bde05177d6e6d6413d821c038e5a2fa9b2e84e406c2d1',
        totals: {
          '3': 58.7,
          '7': 108.33,
          green: 123.59,
          red: 58.89,
          violet: 61.32,
          small: 41.1,
        },
      },
      recent: [
        {
          roundId: 'luckycolor-19',
          number: 19,
          result: 9,
          hash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
        },
        {
          roundId: 'luckycolor-18',
          number: 18,
          result: 5,
          hash: '6ef92e3e0c1ba4d002e2985794571d78ea37fdb042b0b5bcf551f775d2d02454',
        },
        {
          roundId: 'luckycolor-17',
          number: 17,
          result: 6,
          hash: '59dab7dfd43ef2f3f2abc7cb804585b92da7092320bc13d131b1c02beb75fb4a',
        },
        {
          roundId: 'luckycolor-16',
          number: 16,
          result: 4,
          hash: '44bdee81409c204fb255f70f3fa0fe5899a3c45fb915c725df3f653f15417fe6',
        },
        {
          roundId: 'luckycolor-15',
          number: 15,
          result: 4,
          hash: '64a2d91cf57667b5fc375caa864b7293a557a25fd398b5b61bf6c8a08a98ce19',
        },
        {
          roundId: 'luckycolor-14',
          number: 14,
          result: 3,
          hash: '8b8daed549709b78bb923fe2c18b45e38904cbd1cebf6510bc42ea690f858ba6',
        },
        {
          roundId: 'luckycolor-13',
          number: 13,
          result: 0,
          hash: 'ec54865c492faf3838929dfb74c10b86bd464d23b2c34fa87ef452181adfd6f5',
        },
        {
          roundId: 'luckycolor-12',
          number: 12,
          result: 7,
          hash: '885b2d166f8918fbddacbfafc132faab3bd3b0bf7f00f97022594b186be1978c',
        },
        {
          roundId: 'luckycolor-11',
          number: 11,
          result: 3,
          hash: '7c87f0d86c976454f4f71e1cc660017d74158b0ebdeb584796ec6737989fecff',
        },
        {
          roundId: 'luckycolor-10',
          number: 10,
          result: 7,
          hash: '2a74db5f9f75e7b9ae3c57f02a1606e301c7614a3f57a2225292d7a974d93572',
        },
        {
          roundId: 'luckycolor-9',
          number: 9,
          result: 9,
          hash: 'c61ff6d7c22fa08aed81589213e2facd501d1f2371c27ac1981b912457898f8d',
        },
        {
          roundId: 'luckycolor-8',
          number: 8,
          result: 0,
          hash: '8766f127e1a709b7c0e13c7d6a1c6f5aa3cfd25ff5e6d34247085f5ca089b4f1',
        },
        {
          roundId: 'luckycolor-7',
          number: 7,
          result: 9,
          hash: '7641dbd673fedceaa558a926b25dcfd26644a40f0ab28f7a880360069c6aeddf',
        },
        {
          roundId: 'luckycolor-6',
          number: 6,
          result: 6,
          hash: '1a6751854b7858d6eff51c5f45479551da3692ed77dc95f359125fde9b490ce5',
        },
        {
          roundId: 'luckycolor-5',
          number: 5,
          result: 4,
          hash: '3323e5971a7a191471945a210ca61d62887580885a52cf19b963a6e7eca769ab',
        },
        {
          roundId: 'luckycolor-4',
          number: 4,
          result: 2,
          hash: 'b8993f06e69822d6179e840e1e6c97f3534aa3a713ab18b9a572b5f70eec8919',
        },
        {
          roundId: 'luckycolor-3',
          number: 3,
          result: 6,
          hash: '3671293e999eadd9d58443ada0b48594cad2a324726d3d291490a6e0d5330f86',
        },
        {
          roundId: 'luckycolor-2',
          number: 2,
          result: 1,
          hash: 'f76b1bf766bc5fb5861bf7322562053dbf7a2fa381f6cb62cdb1208ee3bd4a00',
        },
        {
          roundId: 'luckycolor-1',
          number: 1,
          result: 4,
          hash: '2a35f3fa740d43500a0df7fa46d85ea35882a6642da5edcf8343a54e40024eeb',
        },
      ],
      serverTime: '2026-03-14T20:19:58.250Z',
    },
    timeline: [
      {
        atMs: 6750,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'luckycolor',
          roundId: 'luckycolor-21',
          closesAt: '2026-03-14T20:20:55.000Z',
          rollsAt: '2026-03-14T20:20:55.000Z',
          previousHash: 'd8f27e48f1e46409494bde05177d6e6d6413d821c038e5a2fa9b2e84e406c2d1',
        },
      },
    ],
    verify: {
      roundId: 'luckycolor-20',
      hash: 'd8f27e48f1e46409494bde05177d6e6d6413d821c038e5a2fa9b2e84e406c2d1',
      previousHash: '41100b9a24d42362a9eee940086d0945ed19b70fece2647d215077e1971a93e4',
      salt: '80f4870ef7d9e03fc6424b94059fa543d640df265ef9552d11c4da1efa00923a',
      result: 4,
    },
  },
} satisfies Record<string, RecordedRound<LuckyBetRequest>>;

/** The fixture names `?round=` accepts for LUCKYCOLOR. */
export type LuckyColorFixtureName = keyof typeof fixtures;
