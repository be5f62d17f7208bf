import type { RecordedRound } from '../shared-art/round-wire';

/** `POST /api/app/game/double/bet` body. */
export interface DoubleBetRequest {
  roundId: string;
  color: 'red' | 'black' | 'white';
  amount: number;
}

/**
 * DOUBLE visits for `?round=<name>`: the state answer on arrival, then socket events and the
 * player's bets in order. All rounds come from one fresh hash chain run through the server's own
 * `domain/fairness` and `domain/games/rules` code with the default timing (15 s betting, 6 s
 * rolling, 3 s complete), so every hash, result, total and balance is what the server would send;
 * tests/client/games/round-fixtures.test.ts re-checks them.
 * - redWin: arrives with 9 s left, bets R$ 5 on red, red comes.
 * - blackLoss: bets R$ 10 on red, black comes.
 * - whiteJackpot: bets R$ 2 on white, white comes (14×).
 * - lateJoinRolling: arrives 2.2 s into the roll, no bet.
 * - cancelled: bets R$ 3 on black; the server stops during betting, cancels and refunds on restart.
 */
export const fixtures = {
  redWin: {
    description: 'Arrives with 9 s left, bets R$ 5 on red; red comes (2×)',
    state: {
      game: 'double',
      round: {
        roundId: 'double-10',
        number: 10,
        phase: 'betting',
        opensAt: '2026-03-14T20:03:38.250Z',
        closesAt: '2026-03-14T20:03:53.250Z',
        rollsAt: '2026-03-14T20:03:53.250Z',
        completesAt: '2026-03-14T20:04:02.250Z',
        previousHash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        result: null,
        hash: null,
        totals: {
          red: 63.87,
          black: 182.68,
          white: 120.26,
        },
      },
      recent: [
        {
          roundId: 'double-9',
          number: 9,
          result: 12,
          hash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        },
        {
          roundId: 'double-8',
          number: 8,
          result: 8,
          hash: '29479e94410d2433906fff9b821a07fd4210142018a149b7981fdd31d0337363',
        },
        {
          roundId: 'double-7',
          number: 7,
          result: 1,
          hash: 'cc20b66c3727b5edf243dbeb59d041bf2a5ddd2571dda2ca7cbf81b90b69ba88',
        },
        {
          roundId: 'double-6',
          number: 6,
          result: 1,
          hash: '4870ab923c612b1e8e657f1930ad45974d5625288d98ee059098348280462e62',
        },
        {
          roundId: 'double-5',
          number: 5,
          result: 4,
          hash: '087c7375c6402580d7b90c8c7c377e607751d6f769624b9e43af6878cf645a41',
        },
        {
          roundId: 'double-4',
          number: 4,
          result: 8,
          hash: '10771da218091562ce1d1cfe7f5454f8d84a50394a831f694653a5cc2a18b0cc',
        },
        {
          roundId: 'double-3',
          number: 3,
          result: 12,
          hash: '9f4526f05cfb3f659c90333b76babb520fa5965158731b901ffcff1a575bb184',
        },
        {
          roundId: 'double-2',
          number: 2,
          result: 2,
          hash: '37ae692ec73b3d81225cce152155a44aea766673498a75a8b6bb49b3227883c2',
        },
        {
          roundId: 'double-1',
          number: 1,
          result: 14,
          hash: '4f58038351339f8571e52f45092c122f0819f52a140784952d6b9be217efff93',
        },
      ],
      serverTime: '2026-03-14T20:03:44.250Z',
    },
    timeline: [
      {
        atMs: 2500,
        kind: 'bet',
        request: {
          roundId: 'double-10',
          color: 'red',
          amount: 5,
        },
        answer: {
          betId: 'B202603149545AD2306A8',
          gameCode: 'SE0006',
          roundId: 'double-10',
          pick: 'red',
          amount: 5,
        },
      },
      {
        atMs: 2540,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-10',
          totals: {
            red: 63.87,
            black: 182.68,
            white: 100.26,
          },
        },
      },
      {
        atMs: 2560,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 95,
        },
      },
      {
        atMs: 5400,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-10',
          totals: {
            red: 63.87,
            black: 182.68,
            white: 120.26,
          },
        },
      },
      {
        atMs: 9010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'double',
          roundId: 'double-10',
        },
      },
      {
        atMs: 9010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'double',
          roundId: 'double-10',
          result: 7,
          hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
          sentAt: 1773518633260,
        },
      },
      {
        atMs: 9060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 105,
        },
      },
      {
        atMs: 18250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'double',
          roundId: 'double-11',
          closesAt: '2026-03-14T20:04:17.500Z',
          rollsAt: '2026-03-14T20:04:17.500Z',
          previousHash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        },
      },
    ],
    verify: {
      roundId: 'double-10',
      hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
      previousHash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
      salt: 'cd49a2ff7c7a9780c34dcd09d7249c6ff2c5dca1b913a5c6ceaa1a8a9ab92692',
      result: 7,
    },
  },
  blackLoss: {
    description: 'Bets R$ 10 on red; black comes',
    state: {
      game: 'double',
      round: {
        roundId: 'double-11',
        number: 11,
        phase: 'betting',
        opensAt: '2026-03-14T20:04:02.500Z',
        closesAt: '2026-03-14T20:04:17.500Z',
        rollsAt: '2026-03-14T20:04:17.500Z',
        completesAt: '2026-03-14T20:04:26.500Z',
        previousHash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        result: null,
        hash: null,
        totals: {
          black: 184.53,
          white: 59.8,
          red: 10,
        },
      },
      recent: [
        {
          roundId: 'double-10',
          number: 10,
          result: 7,
          hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        },
        {
          roundId: 'double-9',
          number: 9,
          result: 12,
          hash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        },
        {
          roundId: 'double-8',
          number: 8,
          result: 8,
          hash: '29479e94410d2433906fff9b821a07fd4210142018a149b7981fdd31d0337363',
        },
        {
          roundId: 'double-7',
          number: 7,
          result: 1,
          hash: 'cc20b66c3727b5edf243dbeb59d041bf2a5ddd2571dda2ca7cbf81b90b69ba88',
        },
        {
          roundId: 'double-6',
          number: 6,
          result: 1,
          hash: '4870ab923c612b1e8e657f1930ad45974d5625288d98ee059098348280462e62',
        },
        {
          roundId: 'double-5',
          number: 5,
          result: 4,
          hash: '087c7375c6402580d7b90c8c7c377e607751d6f769624b9e43af6878cf645a41',
        },
        {
          roundId: 'double-4',
          number: 4,
          result: 8,
          hash: '10771da218091562ce1d1cfe7f5454f8d84a50394a831f694653a5cc2a18b0cc',
        },
        {
          roundId: 'double-3',
          number: 3,
          result: 12,
          hash: '9f4526f05cfb3f659c90333b76babb520fa5965158731b901ffcff1a575bb184',
        },
        {
          roundId: 'double-2',
          number: 2,
          result: 2,
          hash: '37ae692ec73b3d81225cce152155a44aea766673498a75a8b6bb49b3227883c2',
        },
        {
          roundId: 'double-1',
          number: 1,
          result: 14,
          hash: '4f58038351339f8571e52f45092c122f0819f52a140784952d6b9be217efff93',
        },
      ],
      serverTime: '2026-03-14T20:04:05.500Z',
    },
    timeline: [
      {
        atMs: 4000,
        kind: 'bet',
        request: {
          roundId: 'double-11',
          color: 'red',
          amount: 10,
        },
        answer: {
          betId: 'B20260314E13ACFB0692D',
          gameCode: 'SE0006',
          roundId: 'double-11',
          pick: 'red',
          amount: 10,
        },
      },
      {
        atMs: 4040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-11',
          totals: {
            black: 184.53,
            white: 39.8,
            red: 10,
          },
        },
      },
      {
        atMs: 4060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 240,
        },
      },
      {
        atMs: 7200,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-11',
          totals: {
            black: 184.53,
            white: 59.8,
            red: 10,
          },
        },
      },
      {
        atMs: 12010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'double',
          roundId: 'double-11',
        },
      },
      {
        atMs: 12010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'double',
          roundId: 'double-11',
          result: 12,
          hash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
          sentAt: 1773518657510,
        },
      },
      {
        atMs: 12060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 240,
        },
      },
      {
        atMs: 21250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'double',
          roundId: 'double-12',
          closesAt: '2026-03-14T20:04:41.750Z',
          rollsAt: '2026-03-14T20:04:41.750Z',
          previousHash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
        },
      },
    ],
    verify: {
      roundId: 'double-11',
      hash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
      previousHash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
      salt: 'cd49a2ff7c7a9780c34dcd09d7249c6ff2c5dca1b913a5c6ceaa1a8a9ab92692',
      result: 12,
    },
  },
  whiteJackpot: {
    description: 'Bets R$ 2 on white; white comes (14×)',
    state: {
      game: 'double',
      round: {
        roundId: 'double-16',
        number: 16,
        phase: 'betting',
        opensAt: '2026-03-14T20:06:03.750Z',
        closesAt: '2026-03-14T20:06:18.750Z',
        rollsAt: '2026-03-14T20:06:18.750Z',
        completesAt: '2026-03-14T20:06:27.750Z',
        previousHash: '56db8805892bdf79b2733f9b2c3d52bf4518905941e8aa30bbf86cf49ee13eae',
        result: null,
        hash: null,
        totals: {
          red: 74.13,
          black: 17.96,
          white: 193.32,
        },
      },
      recent: [
        {
          roundId: 'double-15',
          number: 15,
          result: 3,
          hash: '56db8805892bdf79b2733f9b2c3d52bf4518905941e8aa30bbf86cf49ee13eae',
        },
        {
          roundId: 'double-14',
          number: 14,
          result: 12,
          hash: '3a7a0ee0120b0345bc74a0f44fecd11ee0f78aa7e89d76c1eac59b1f786d1c18',
        },
        {
          roundId: 'double-13',
          number: 13,
          result: 2,
          hash: '86037678fe9a3aee9f25109f795ef2d881e3fd85072e4b4ec41d3f067ab33dae',
        },
        {
          roundId: 'double-12',
          number: 12,
          result: 0,
          hash: '431d1512b84ed1850a14bdd05709e207099d888245fac2aaae5a26f4e2326f54',
        },
        {
          roundId: 'double-11',
          number: 11,
          result: 12,
          hash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
        },
        {
          roundId: 'double-10',
          number: 10,
          result: 7,
          hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        },
        {
          roundId: 'double-9',
          number: 9,
          result: 12,
          hash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        },
        {
          roundId: 'double-8',
          number: 8,
          result: 8,
          hash: '29479e94410d2433906fff9b821a07fd4210142018a149b7981fdd31d0337363',
        },
        {
          roundId: 'double-7',
          number: 7,
          result: 1,
          hash: 'cc20b66c3727b5edf243dbeb59d041bf2a5ddd2571dda2ca7cbf81b90b69ba88',
        },
        {
          roundId: 'double-6',
          number: 6,
          result: 1,
          hash: '4870ab923c612b1e8e657f1930ad45974d5625288d98ee059098348280462e62',
        },
        {
          roundId: 'double-5',
          number: 5,
          result: 4,
          hash: '087c7375c6402580d7b90c8c7c377e607751d6f769624b9e43af6878cf645a41',
        },
        {
          roundId: 'double-4',
          number: 4,
          result: 8,
          hash: '10771da218091562ce1d1cfe7f5454f8d84a50394a831f694653a5cc2a18b0cc',
        },
        {
          roundId: 'double-3',
          number: 3,
          result: 12,
          hash: '9f4526f05cfb3f659c90333b76babb520fa5965158731b901ffcff1a575bb184',
        },
        {
          roundId: 'double-2',
          number: 2,
          result: 2,
          hash: '37ae692ec73b3d81225cce152155a44aea766673498a75a8b6bb49b3227883c2',
        },
        {
          roundId: 'double-1',
          number: 1,
          result: 14,
          hash: '4f58038351339f8571e52f45092c122f0819f52a140784952d6b9be217efff93',
        },
      ],
      serverTime: '2026-03-14T20:06:04.750Z',
    },
    timeline: [
      {
        atMs: 6000,
        kind: 'bet',
        request: {
          roundId: 'double-16',
          color: 'white',
          amount: 2,
        },
        answer: {
          betId: 'B202603141941AA0D6DA1',
          gameCode: 'SE0006',
          roundId: 'double-16',
          pick: 'white',
          amount: 2,
        },
      },
      {
        atMs: 6040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-16',
          totals: {
            red: 74.13,
            black: 17.96,
            white: 173.32,
          },
        },
      },
      {
        atMs: 6060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 38,
        },
      },
      {
        atMs: 8400,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-16',
          totals: {
            red: 74.13,
            black: 17.96,
            white: 193.32,
          },
        },
      },
      {
        atMs: 14010,
        kind: 'socket',
        name: 'round.closed',
        payload: {
          game: 'double',
          roundId: 'double-16',
        },
      },
      {
        atMs: 14010,
        kind: 'socket',
        name: 'round.result',
        payload: {
          game: 'double',
          roundId: 'double-16',
          result: 0,
          hash: '4d9e888a543f86e785a41bee95c07b99a7edd0b4832da4a9fe74bb981871854f',
          sentAt: 1773518778760,
        },
      },
      {
        atMs: 14060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 66,
        },
      },
      {
        atMs: 23250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'double',
          roundId: 'double-17',
          closesAt: '2026-03-14T20:06:43.000Z',
          rollsAt: '2026-03-14T20:06:43.000Z',
          previousHash: '4d9e888a543f86e785a41bee95c07b99a7edd0b4832da4a9fe74bb981871854f',
        },
      },
    ],
    verify: {
      roundId: 'double-16',
      hash: '4d9e888a543f86e785a41bee95c07b99a7edd0b4832da4a9fe74bb981871854f',
      previousHash: '56db8805892bdf79b2733f9b2c3d52bf4518905941e8aa30bbf86cf49ee13eae',
      salt: 'cd49a2ff7c7a9780c34dcd09d7249c6ff2c5dca1b913a5c6ceaa1a8a9ab92692',
      result: 0,
    },
  },
  lateJoinRolling: {
    description: 'Arrives 2.2 s into the roll without a bet',
    state: {
      game: 'double',
      round: {
        roundId: 'double-12',
        number: 12,
        phase: 'rolling',
        opensAt: '2026-03-14T20:04:26.750Z',
        closesAt: '2026-03-14T20:04:41.750Z',
        rollsAt: '2026-03-14T20:04:41.750Z',
        completesAt: '2026-03-14T20:04:50.750Z',
        previousHash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
        result: 0,
        hash: '431d1512b84ed1850a14bdd05709e207099d888245fac2aaae5a26f4e2326f54',
        totals: {
          red: 16.47,
          black: 94.27,
          white: 165.62,
        },
      },
      recent: [
        {
          roundId: 'double-11',
          number: 11,
          result: 12,
          hash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
        },
        {
          roundId: 'double-10',
          number: 10,
          result: 7,
          hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        },
        {
          roundId: 'double-9',
          number: 9,
          result: 12,
          hash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        },
        {
          roundId: 'double-8',
          number: 8,
          result: 8,
          hash: '29479e94410d2433906fff9b821a07fd4210142018a149b7981fdd31d0337363',
        },
        {
          roundId: 'double-7',
          number: 7,
          result: 1,
          hash: 'cc20b66c3727b5edf243dbeb59d041bf2a5ddd2571dda2ca7cbf81b90b69ba88',
        },
        {
          roundId: 'double-6',
          number: 6,
          result: 1,
          hash: '4870ab923c612b1e8e657f1930ad45974d5625288d98ee059098348280462e62',
        },
        {
          roundId: 'double-5',
          number: 5,
          result: 4,
          hash: '087c7375c6402580d7b90c8c7c377e607751d6f769624b9e43af6878cf645a41',
        },
        {
          roundId: 'double-4',
          number: 4,
          result: 8,
          hash: '10771da218091562ce1d1cfe7f5454f8d84a50394a831f694653a5cc2a18b0cc',
        },
        {
          roundId: 'double-3',
          number: 3,
          result: 12,
          hash: '9f4526f05cfb3f659c90333b76babb520fa5965158731b901ffcff1a575bb184',
        },
        {
          roundId: 'double-2',
          number: 2,
          result: 2,
          hash: '37ae692ec73b3d81225cce152155a44aea766673498a75a8b6bb49b3227883c2',
        },
        {
          roundId: 'double-1',
          number: 1,
          result: 14,
          hash: '4f58038351339f8571e52f45092c122f0819f52a140784952d6b9be217efff93',
        },
      ],
      serverTime: '2026-03-14T20:04:43.950Z',
    },
    timeline: [
      {
        atMs: 7050,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'double',
          roundId: 'double-13',
          closesAt: '2026-03-14T20:05:06.000Z',
          rollsAt: '2026-03-14T20:05:06.000Z',
          previousHash: '431d1512b84ed1850a14bdd05709e207099d888245fac2aaae5a26f4e2326f54',
        },
      },
    ],
    verify: {
      roundId: 'double-12',
      hash: '431d1512b84ed1850a14bdd05709e207099d888245fac2aaae5a26f4e2326f54',
      previousHash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
      salt: 'cd49a2ff7c7a9780c34dcd09d7249c6ff2c5dca1b913a5c6ceaa1a8a9ab92692',
      result: 0,
    },
  },
  cancelled: {
    description: 'Bets R$ 3 on black; the server stops during betting, cancels and refunds',
    state: {
      game: 'double',
      round: {
        roundId: 'double-18',
        number: 18,
        phase: 'betting',
        opensAt: '2026-03-14T20:06:52.250Z',
        closesAt: '2026-03-14T20:07:07.250Z',
        rollsAt: '2026-03-14T20:07:07.250Z',
        completesAt: '2026-03-14T20:07:16.250Z',
        previousHash: '69b3a0413c7b07e399e6859b2a5047b9427e78a80eb795ce8fec9f78f26a14ba',
        result: null,
        hash: null,
        totals: {
          red: 149.49,
          black: 12.9,
          white: 157.98,
        },
      },
      recent: [
        {
          roundId: 'double-17',
          number: 17,
          result: 8,
          hash: '69b3a0413c7b07e399e6859b2a5047b9427e78a80eb795ce8fec9f78f26a14ba',
        },
        {
          roundId: 'double-16',
          number: 16,
          result: 0,
          hash: '4d9e888a543f86e785a41bee95c07b99a7edd0b4832da4a9fe74bb981871854f',
        },
        {
          roundId: 'double-15',
          number: 15,
          result: 3,
          hash: '56db8805892bdf79b2733f9b2c3d52bf4518905941e8aa30bbf86cf49ee13eae',
        },
        {
          roundId: 'double-14',
          number: 14,
          result: 12,
          hash: '3a7a0ee0120b0345bc74a0f44fecd11ee0f78aa7e89d76c1eac59b1f786d1c18',
        },
        {
          roundId: 'double-13',
          number: 13,
          result: 2,
          hash: '86037678fe9a3aee9f25109f795ef2d881e3fd85072e4b4ec41d3f067ab33dae',
        },
        {
          roundId: 'double-12',
          number: 12,
          result: 0,
          hash: '431d1512b84ed1850a14bdd05709e207099d888245fac2aaae5a26f4e2326f54',
        },
        {
          roundId: 'double-11',
          number: 11,
          result: 12,
          hash: '6b7371ad3ebe2153ffe842bf286bad22c83314905e58440735dd8fc0ccce8352',
        },
        {
          roundId: 'double-10',
          number: 10,
          result: 7,
          hash: 'f6a208d49307e42a17474b010c296c203c6d8883bb4ad334efe912a9cdb7c232',
        },
        {
          roundId: 'double-9',
          number: 9,
          result: 12,
          hash: '29206821c91e39d76550f65484f7e03bcdd2f1d741cfc59165909080f0e092d0',
        },
        {
          roundId: 'double-8',
          number: 8,
          result: 8,
          hash: '29479e94410d2433906fff9b821a07fd4210142018a149b7981fdd31d0337363',
        },
        {
          roundId: 'double-7',
          number: 7,
          result: 1,
          hash: 'cc20b66c3727b5edf243dbeb59d041bf2a5ddd2571dda2ca7cbf81b90b69ba88',
        },
        {
          roundId: 'double-6',
          number: 6,
          result: 1,
          hash: '4870ab923c612b1e8e657f1930ad45974d5625288d98ee059098348280462e62',
        },
        {
          roundId: 'double-5',
          number: 5,
          result: 4,
          hash: '087c7375c6402580d7b90c8c7c377e607751d6f769624b9e43af6878cf645a41',
        },
        {
          roundId: 'double-4',
          number: 4,
          result: 8,
          hash: '10771da218091562ce1d1cfe7f5454f8d84a50394a831f694653a5cc2a18b0cc',
        },
        {
          roundId: 'double-3',
          number: 3,
          result: 12,
          hash: '9f4526f05cfb3f659c90333b76babb520fa5965158731b901ffcff1a575bb184',
        },
        {
          roundId: 'double-2',
          number: 2,
          result: 2,
          hash: '37ae692ec73b3d81225cce152155a44aea766673498a75a8b6bb49b3227883c2',
        },
        {
          roundId: 'double-1',
          number: 1,
          result: 14,
          hash: '4f58038351339f8571e52f45092c122f0819f52a140784952d6b9be217efff93',
        },
      ],
      serverTime: '2026-03-14T20:06:56.250Z',
    },
    timeline: [
      {
        atMs: 2000,
        kind: 'bet',
        request: {
          roundId: 'double-18',
          color: 'black',
          amount: 3,
        },
        answer: {
          betId: 'B202603141133C56EF276',
          gameCode: 'SE0006',
          roundId: 'double-18',
          pick: 'black',
          amount: 3,
        },
      },
      {
        atMs: 2040,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-18',
          totals: {
            red: 149.49,
            black: 12.9,
            white: 137.98,
          },
        },
      },
      {
        atMs: 2060,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 57,
        },
      },
      {
        atMs: 6600,
        kind: 'socket',
        name: 'round.bets',
        payload: {
          game: 'double',
          roundId: 'double-18',
          totals: {
            red: 149.49,
            black: 12.9,
            white: 157.98,
          },
        },
      },
      {
        atMs: 51000,
        kind: 'socket',
        name: 'round.cancelled',
        payload: {
          game: 'double',
          roundId: 'double-18',
        },
      },
      {
        atMs: 51030,
        kind: 'socket',
        name: 'insBalance',
        payload: {
          balance: 60,
        },
      },
      {
        atMs: 51250,
        kind: 'socket',
        name: 'round.opened',
        payload: {
          game: 'double',
          roundId: 'double-19',
          closesAt: '2026-03-14T20:08:02.500Z',
          rollsAt: '2026-03-14T20:08:02.500Z',
          previousHash: 'a569dd3b0a307b82c0273abaadc0eaa28e3650458ff6c873ef7f5ddf1dd35c55',
        },
      },
    ],
    verify: null,
  },
} satisfies Record<string, RecordedRound<DoubleBetRequest>>;

/** The fixture names `?round=` accepts for DOUBLE. */
export type DoubleFixtureName = keyof typeof fixtures;
