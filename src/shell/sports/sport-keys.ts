/** The twelve sports of spec 1, with the keys of API.md's `/sports/sports`. */
export const SPORT_KEYS = [
  'football',
  'basketball',
  'tennis',
  'boxing',
  'snooker',
  'baseball',
  'volleyball',
  'badminton',
  'american_football',
  'table_tennis',
  'cricket',
  'motor_racing',
] as const;

export type SportKey = (typeof SPORT_KEYS)[number];
