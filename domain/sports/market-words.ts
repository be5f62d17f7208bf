import type { SportKey } from './sports';

/**
 * The words market, group and selection names are built from, in pt-BR: the server names every
 * market with these (market-labels.ts), and they are stored with each bet. The locale files carry the
 * same keys under `sports.markets` in each language, so the pages build the same names from a
 * market's id with the player's words (src/shell/sports/market-names.ts); pt_BR.json's copy is
 * checked against this one (tests/client/locales.test.ts).
 */
export const PT_MARKET_WORDS = {
  types: {
    match_winner_football: 'Resultado Final',
    match_winner: 'Resultado (3 vias)',
    match_winner_boxing: 'Resultado da Luta (3 vias)',
    moneyline: 'Vencedor da Partida',
    moneyline_boxing: 'Vencedor da Luta',
    asian_handicap_football: 'Handicap Asiático',
    asian_handicap: 'Handicap de {{unit}}',
    european_handicap: 'Handicap Europeu',
    totals: 'Total de {{unit}}',
    odd_even: 'Total de {{unit}} Par/Ímpar',
    corners_totals: 'Total de Escanteios',
    cards_totals: 'Total de Cartões',
    corners_handicap: 'Handicap de Escanteios',
    games_handicap: 'Handicap de Games',
    games_totals: 'Total de Games',
    head_to_head: 'Duelo (Head-to-Head)',
    rounds_totals: 'Total de Rounds',
    btts: 'Ambas Marcam',
    double_chance: 'Dupla Chance',
    draw_no_bet: 'Empate Anula Aposta',
    correct_score: 'Placar Exato',
    ht_ft: 'Intervalo/Final',
    team_totals: 'Total de {{unit}} - {{team}}',
    set_score: 'Placar em Sets',
    method: 'Método de Vitória',
    outright: 'Vencedor da Corrida',
  },
  periods: {
    first_half: '1º Tempo',
    first_half_cricket: '1ª Entrada',
    regulation: 'Tempo Normal',
    fourth_quarter: '4º Quarto',
    first_set: '1º Set',
  },
  units: {
    football: 'Gols',
    basketball: 'Pontos',
    tennis: 'Sets',
    boxing: 'Rounds',
    snooker: 'Frames',
    baseball: 'Corridas',
    volleyball: 'Sets',
    badminton: 'Games',
    american_football: 'Pontos',
    table_tennis: 'Games',
    cricket: 'Corridas',
    motor_racing: 'Voltas',
  } satisfies Record<SportKey, string>,
  groups: {
    winner: 'Vencedor',
    handicap: 'Handicap',
    totalGoals: 'Total de Gols (Mais/Menos)',
    totals: 'Totais',
    oddEven: 'Par/Ímpar',
    duels: 'Duelos',
    perTeam: '{{unit}} por Equipe',
    corners: 'Escanteios',
    cards: 'Cartões',
    drawNoBet: 'Empate Anula',
  },
  sides: {
    home: 'Mandante',
    away: 'Visitante',
  },
  outcomes: {
    draw: 'Empate',
    drawLine: 'Empate ({{line}})',
    over: 'Mais de {{line}}',
    under: 'Menos de {{line}}',
    yes: 'Sim',
    no: 'Não',
    odd: 'Ímpar',
    even: 'Par',
    otherScore: 'Outro placar',
  },
} as const;

/** One language's words: the same keys as pt-BR's, any text. */
export type MarketWords = {
  [G in keyof typeof PT_MARKET_WORDS]: Record<keyof (typeof PT_MARKET_WORDS)[G], string>;
};

/** A text with its `{{name}}` places filled in (the locale files' interpolation). */
export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (place, name: string) => values[name] ?? place);
