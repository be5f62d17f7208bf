import type { SportKey } from './sports';

/**
 * Where the sports' settlement rules differ (research/sports.md §1.8–§1.9, design/sports.md "Rules
 * chosen where bookmakers differ").
 */
export interface SportRules {
  /**
   * A tie in a two-way winner market: `void` (NFL after overtime, boxing 2-way: stake back),
   * `deadHeat` (cricket with no super over: half the odds), or `none` (cannot end level).
   */
  twoWayTie: 'void' | 'deadHeat' | 'none';
  /**
   * A match stopped early by a retirement or withdrawal: the player who advances wins the winner
   * market after `minimumToAdvance` completed units (tennis: one set; snooker: none), or the
   * winner market is void (`null`: badminton, table tennis, volleyball).
   */
  minimumToAdvance: number | null;
  /** Baseball: a called game's winner market stands after 5 innings (4½ with the home side ahead). */
  calledGameInnings: number | null;
  /**
   * A handicap bet in play counts only what is scored after it (the Asian convention, research
   * §1.2: football's goals and corners), or the whole game like any other bet (the live spreads of
   * the other sports, priced on the final margin).
   */
  handicapFromPlacement: boolean;
}

const RULES: Record<SportKey, SportRules> = {
  football: {
    twoWayTie: 'void',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: true,
  },
  basketball: {
    twoWayTie: 'none',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  // Rule (b) of research §1.9: after one completed set the winner market stands.
  tennis: { twoWayTie: 'none', minimumToAdvance: 1, calledGameInnings: null, handicapFromPlacement: false },
  boxing: {
    twoWayTie: 'void',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  // Betfair/Bodog: started but unfinished, the player progressing wins the match bet.
  snooker: { twoWayTie: 'none', minimumToAdvance: 0, calledGameInnings: null, handicapFromPlacement: false },
  baseball: { twoWayTie: 'none', minimumToAdvance: null, calledGameInnings: 5, handicapFromPlacement: false },
  volleyball: {
    twoWayTie: 'none',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  badminton: {
    twoWayTie: 'none',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  american_football: {
    twoWayTie: 'void',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: true,
  },
  table_tennis: {
    twoWayTie: 'none',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  // PokerStars: a tie with no super over is a dead heat.
  cricket: {
    twoWayTie: 'deadHeat',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
  motor_racing: {
    twoWayTie: 'void',
    minimumToAdvance: null,
    calledGameInnings: null,
    handicapFromPlacement: false,
  },
};

/** The settlement rules of a sport. */
export const rulesOf = (sport: SportKey): SportRules => RULES[sport];
