import type { SportKey } from '../../../../domain/sports/sports';

/**
 * Competitions of the simulated world, in São Paulo time (design/sports.md: Brazilian leagues among
 * them). Teams are real club names; their strengths are hidden and drawn from the feed seed.
 */
export interface Competition {
  key: string;
  sport: SportKey;
  name: string;
  teams: readonly string[];
  /** Days of the week with matches (0 = Sunday). */
  weekdays: readonly number[];
  /** Kick-off times, São Paulo time. */
  kickoffs: readonly string[];
  /** Matches on a match day, at least and at most. */
  perDay: readonly [number, number];
  /** Spread of the teams' attack and defence ratings (log goals). */
  spread: number;
}

const SERIE_A = [
  'Flamengo',
  'Palmeiras',
  'Botafogo',
  'Fortaleza',
  'Internacional',
  'São Paulo',
  'Corinthians',
  'Bahia',
  'Cruzeiro',
  'Vasco da Gama',
  'Vitória',
  'Atlético Mineiro',
  'Fluminense',
  'Grêmio',
  'Juventude',
  'Bragantino',
  'Athletico Paranaense',
  'Santos',
  'Mirassol',
  'Ceará',
];
const SERIE_B = [
  'Coritiba',
  'Goiás',
  'Novorizontino',
  'Sport',
  'América Mineiro',
  'Vila Nova',
  'Operário',
  'Avaí',
  'Amazonas',
  'Ponte Preta',
  'Paysandu',
  'CRB',
  'Chapecoense',
  'Botafogo-SP',
  'Cuiabá',
  'Guarani',
  'Criciúma',
  'Atlético Goianiense',
  'Remo',
  'Ferroviária',
];
const LIBERTADORES = [
  'Flamengo',
  'Palmeiras',
  'Botafogo',
  'São Paulo',
  'Fluminense',
  'Atlético Mineiro',
  'River Plate',
  'Boca Juniors',
  'Racing',
  'Estudiantes',
  'Peñarol',
  'Nacional',
  'Colo-Colo',
  'Universidad de Chile',
  'LDU Quito',
  'Independiente del Valle',
  'Olimpia',
  'Cerro Porteño',
  'Bolívar',
  'Talleres',
];
const PREMIER = [
  'Arsenal',
  'Aston Villa',
  'Bournemouth',
  'Brentford',
  'Brighton',
  'Chelsea',
  'Crystal Palace',
  'Everton',
  'Fulham',
  'Leeds United',
  'Burnley',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Newcastle',
  'Nottingham Forest',
  'Sunderland',
  'Tottenham',
  'West Ham',
  'Wolverhampton',
];
const LALIGA = [
  'Real Madrid',
  'Barcelona',
  'Atlético de Madrid',
  'Athletic Bilbao',
  'Villarreal',
  'Real Sociedad',
  'Real Betis',
  'Sevilla',
  'Valencia',
  'Girona',
  'Osasuna',
  'Celta de Vigo',
  'Mallorca',
  'Rayo Vallecano',
  'Getafe',
  'Alavés',
  'Elche',
  'Espanyol',
  'Levante',
  'Real Oviedo',
];
const ARGENTINA = [
  'River Plate',
  'Boca Juniors',
  'Racing',
  'Independiente',
  'San Lorenzo',
  'Estudiantes',
  'Vélez Sarsfield',
  'Talleres',
  'Lanús',
  'Rosario Central',
  "Newell's Old Boys",
  'Huracán',
  'Argentinos Juniors',
  'Godoy Cruz',
  'Belgrano',
  'Defensa y Justicia',
  'Unión',
  'Banfield',
  'Tigre',
  'Platense',
];

/** Football competitions; the schedule draws each match day's pairings from the seed. */
export const FOOTBALL_COMPETITIONS: readonly Competition[] = [
  {
    key: 'br-serie-a',
    sport: 'football',
    name: 'Brasileirão Série A',
    teams: SERIE_A,
    weekdays: [0, 3, 4, 6],
    kickoffs: ['16:00', '18:30', '19:00', '21:30'],
    perDay: [3, 6],
    spread: 0.2,
  },
  {
    key: 'br-serie-b',
    sport: 'football',
    name: 'Brasileirão Série B',
    teams: SERIE_B,
    weekdays: [1, 2, 5, 6],
    kickoffs: ['16:00', '19:00', '21:00'],
    perDay: [2, 5],
    spread: 0.18,
  },
  {
    key: 'libertadores',
    sport: 'football',
    name: 'CONMEBOL Libertadores',
    teams: LIBERTADORES,
    weekdays: [2, 3, 4],
    kickoffs: ['19:00', '21:30'],
    perDay: [2, 4],
    spread: 0.22,
  },
  {
    key: 'premier-league',
    sport: 'football',
    name: 'Premier League',
    teams: PREMIER,
    weekdays: [0, 1, 6],
    kickoffs: ['08:30', '11:00', '13:30', '16:00'],
    perDay: [2, 5],
    spread: 0.25,
  },
  {
    key: 'la-liga',
    sport: 'football',
    name: 'La Liga',
    teams: LALIGA,
    weekdays: [0, 5, 6],
    kickoffs: ['09:15', '11:30', '14:00', '16:00'],
    perDay: [2, 4],
    spread: 0.27,
  },
  {
    key: 'ar-liga',
    sport: 'football',
    name: 'Liga Profesional Argentina',
    teams: ARGENTINA,
    weekdays: [0, 1, 5, 6],
    kickoffs: ['17:00', '19:15', '21:30'],
    perDay: [2, 4],
    spread: 0.18,
  },
];
