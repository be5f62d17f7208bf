/** The specification's codes (sections 3, 4 and 8), with their wire spelling. */

/** Body `status` values of the error catalogue (section 8). */
export const BodyStatus = {
  ok: 200,
  loggedOut: 40101,
  insufficientFunds: 9999,
  forbidden: 1403,
} as const;

/**
 * The six own games (section 3, game list entry), each with the three spellings the contract uses
 * (API.md "Names"): `gameNameEn` as players read it, `gameType` in routes and test ids, and `key`,
 * the lower-case `gameNameEn`, in API paths, socket rooms, records and settings. Code compares
 * games by `key` and turns one spelling into another only through this table.
 */
export const GAMES = [
  { glId: 1, gameCode: 'SE0001', gameNameEn: 'MINES', gameType: 'mines', key: 'mines' },
  { glId: 2, gameCode: 'SE0002', gameNameEn: 'DICE', gameType: 'dice', key: 'dice' },
  { glId: 3, gameCode: 'SE0004', gameNameEn: 'LIMBO', gameType: 'limbo', key: 'limbo' },
  { glId: 4, gameCode: 'SE0006', gameNameEn: 'DOUBLE', gameType: 'double', key: 'double' },
  { glId: 5, gameCode: 'SE0007', gameNameEn: 'LUCKYCOLOR', gameType: 'luckyColor', key: 'luckycolor' },
  { glId: 6, gameCode: 'SE0008', gameNameEn: 'ROWDOUBLE', gameType: 'rowDouble', key: 'rowdouble' },
] as const;

export type Game = (typeof GAMES)[number];
export type GameType = Game['gameType'];
export type GameKey = Game['key'];
export const GAME_KEYS: readonly GameKey[] = GAMES.map((g) => g.key);

/** The game whose `key` this is (an API path's, a record's), or undefined. */
export function gameByKey(key: string): Game | undefined {
  return GAMES.find((g) => g.key === key);
}

/** The game whose `gameType` this is (a route's, a test id's). */
export function gameByType(type: GameType): Game {
  return GAMES.find((g) => g.gameType === type)!;
}

/**
 * The game a person or a link names in any of its spellings and any case (`?game=LuckyColor` in
 * an address someone typed), or undefined. Not for the API's own calls, which use `key` exactly.
 */
export function gameByAnyName(name: string): Game | undefined {
  const wanted = name.trim().toLowerCase();
  return GAMES.find((g) => g.key === wanted || g.gameType.toLowerCase() === wanted);
}

export const GAME_CODES: readonly string[] = GAMES.map((g) => g.gameCode);

/** Payment order status codes (section 4), strings on the wire. */
export const OrderStatus = {
  paying: '00',
  payingAlt: '99',
  payingAlt2: '-99',
  cancelled: '01',
  cancelledAlt: '-01',
  paid: '10',
} as const;

/** Wallet record types and statuses (section 3). */
export const WalletRecordType = { deposit: 10, withdrawal: 11 } as const;
export const WalletRecordStatus = { pending: '00', cancelled: '01', arrived: '10' } as const;

/** Order and award types (section 3). */
export const OrderType = { recharge: 13, prize: 19, bk: 199 } as const;
export const AwardType = { vipUpgrade: 14, promotion: 141 } as const;

/** Bet result codes (section 3). */
export const BetResult = {
  draw: 0,
  lostAlias: 4,
  lotteryException: -1,
  won: 10,
  cancelled: -10,
  refused: -11,
  halfLost: 11,
  lost: 20,
  halfWon: 21,
  refund: 90,
  placed: 1000,
  /**
   * Not in the specification's list: a dead heat (a tie where the selection shares the win, paid
   * at a fraction of its odds, research §1.11). It was reported as won (10), which it is not.
   */
  deadHeat: 30,
} as const;

/** Match time codes (section 3). */
export const MatchTime = {
  notStarted: 0,
  firstHalf: 1,
  halfTime: 2,
  secondHalf: 3,
  overtime: 4,
  penalties: 5,
  finished: -1,
  cancelled: -10,
  toBeDecided: -11,
  cutInHalf: -12,
  interrupted: -13,
  postponed: -14,
} as const;

/** Number of avatars a player can pick (section 9). */
export const AVATAR_COUNT = 36;

/** Level images exist up to 23; above that the first image is shown (section 9). */
export function levelImageIndex(level: number): number {
  return level > 23 ? 0 : level;
}

/** Client thresholds of section 9, in BRL. */
export const LOW_BALANCE_THRESHOLD = 10;
export const FREE_BALANCE_THRESHOLD = 0.51;
