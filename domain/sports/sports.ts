/** The twelve sports of the specification (section 1) with the keys of API.md `/sports/sports`. */
export const SPORTS = [
  { key: 'football', name: 'Futebol' },
  { key: 'basketball', name: 'Basquete' },
  { key: 'tennis', name: 'Tênis' },
  { key: 'boxing', name: 'Boxe' },
  { key: 'snooker', name: 'Sinuca' },
  { key: 'baseball', name: 'Beisebol' },
  { key: 'volleyball', name: 'Vôlei' },
  { key: 'badminton', name: 'Badminton' },
  { key: 'american_football', name: 'Futebol Americano' },
  { key: 'table_tennis', name: 'Tênis de Mesa' },
  { key: 'cricket', name: 'Críquete' },
  { key: 'motor_racing', name: 'Automobilismo' },
] as const;

export type SportKey = (typeof SPORTS)[number]['key'];

/** The keys alone, in the specification's order. */
export const SPORT_KEYS: readonly SportKey[] = SPORTS.map((s) => s.key);

/** True when `value` is one of the twelve sport keys. */
export function isSportKey(value: unknown): value is SportKey {
  return typeof value === 'string' && (SPORT_KEYS as readonly string[]).includes(value);
}
