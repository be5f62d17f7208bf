import { defineTuning } from '../shared/tuning';

/** The Limbo scene's knobs (issue 5): `?tune` binds them live; the scene reads them when each animation starts. */
export const tuning = defineTuning({
  // Layout ---------------------------------------------------------------------------------------
  /** Space kept free along the scene's edges, in CSS px. */
  edgePaddingPx: { kind: 'number', default: 10, min: 0, max: 48, step: 1, description: 'Edge margin (px)' },
  /** Height of the counter's digits as a share of the scene's height. */
  counterHeightRatio: {
    kind: 'number',
    default: 0.22,
    min: 0.08,
    max: 0.4,
    step: 0.01,
    description: 'Counter digit height (× scene height)',
  },
  /** Widest the counter may grow, as a share of the scene's width (long values shrink to fit). */
  counterWidthRatio: {
    kind: 'number',
    default: 0.84,
    min: 0.4,
    max: 1,
    step: 0.01,
    description: 'Counter widest (× scene width)',
  },
  /** Rocket body height as a share of the scene's height. */
  rocketHeightRatio: {
    kind: 'number',
    default: 0.22,
    min: 0.08,
    max: 0.4,
    step: 0.01,
    description: 'Rocket height (× scene height)',
  },
  /** Largest rocket on big screens, in px. */
  rocketMaxPx: {
    kind: 'number',
    default: 150,
    min: 40,
    max: 300,
    step: 2,
    description: 'Largest rocket height (px)',
  },
  /** Height of the rocket's centre as a share of the scene's height. */
  rocketYRatio: {
    kind: 'number',
    default: 0.76,
    min: 0.5,
    max: 0.9,
    step: 0.01,
    description: 'Rocket centre height (× scene height)',
  },
  /** Shortest run of the target line (under the counter, down to the rocket's nose) as a share of the scene's height. */
  lineTravelRatio: {
    kind: 'number',
    default: 0.2,
    min: 0.05,
    max: 0.5,
    step: 0.01,
    description: 'Target line shortest run (× scene height)',
  },
  /** Height of the recent-results pills along the top on small canvases, in px (up to 1.6× on tall ones). */
  historyHeightPx: {
    kind: 'number',
    default: 22,
    min: 14,
    max: 40,
    step: 1,
    description: 'Recent results pill height (px)',
  },
  /** Most recent results shown along the top. */
  historyCount: { kind: 'number', default: 8, min: 0, max: 16, step: 1, description: 'Recent results shown' },
  /** Stars on a 1280×600 scene (scaled to the scene's area). */
  starCount: { kind: 'number', default: 110, min: 0, max: 400, step: 5, description: 'Stars (per 1280×600)' },

  // Colours --------------------------------------------------------------------------------------
  /** The planet the rocket leaves behind, along the bottom. */
  planetColor: { kind: 'color', default: '#03130c', description: 'Planet' },
  /** The planet's rim light. */
  planetRimColor: { kind: 'color', default: '#3fe08a', description: 'Planet rim' },
  /** Exhaust smoke as it fades. */
  smokeColor: { kind: 'color', default: '#0c3a29', description: 'Exhaust smoke' },
  /** Stars. */
  starColor: { kind: 'color', default: '#eef7f1', description: 'Stars' },
  /** Counter before and during a climb under the target. */
  counterColor: { kind: 'color', default: '#eef7f1', description: 'Counter, climbing' },
  /** Counter on a win (from the moment it passes the target). */
  winColor: { kind: 'color', default: '#2fd178', description: 'Counter and pills on a win' },
  /** Counter on a loss. */
  loseColor: { kind: 'color', default: '#ff6b6b', description: 'Counter and pills on a loss' },
  /** Target line and its label. */
  lineColor: { kind: 'color', default: '#f5c542', description: 'Target line' },
  /** Rocket body. */
  rocketColor: { kind: 'color', default: '#eef7f1', description: 'Rocket body' },
  /** Rocket nose and fins. */
  rocketAccentColor: { kind: 'color', default: '#f5c542', description: 'Rocket nose and fins' },
  /** Rocket window. */
  rocketWindowColor: { kind: 'color', default: '#2fd178', description: 'Rocket window' },
  /** Outer flame. */
  flameColor: { kind: 'color', default: '#ff7a2f', description: 'Flame, outside' },
  /** Inner flame. */
  flameCoreColor: { kind: 'color', default: '#ffe39a', description: 'Flame, core' },
  /** Panels behind the pills and the target label. */
  panelColor: { kind: 'color', default: '#062419', description: 'Pill and label panels' },

  // Timings and easing ---------------------------------------------------------------------------
  /** Multiplies every duration when turbo is on (near-instant). */
  turboFactor: {
    kind: 'number',
    default: 0.05,
    min: 0,
    max: 1,
    step: 0.01,
    description: 'Duration factor in turbo',
  },
  /** Shortest climb (a result just above 1,00×). */
  climbBaseMs: {
    kind: 'number',
    default: 650,
    min: 0,
    max: 3000,
    step: 10,
    description: 'Climb: base time (ms)',
  },
  /** Extra climb time per decade of the result (10×, 100×, …). */
  climbPerDecadeMs: {
    kind: 'number',
    default: 520,
    min: 0,
    max: 3000,
    step: 10,
    description: 'Climb: time per decade (ms)',
  },
  /** Longest climb, whatever the result. */
  climbMaxMs: {
    kind: 'number',
    default: 3200,
    min: 200,
    max: 10000,
    step: 50,
    description: 'Climb: longest time (ms)',
  },
  /** Easing of the climb (applied on the log scale, so the counter accelerates then settles). */
  climbEase: { kind: 'ease', default: 'power2.out', description: 'Climb: easing' },
  /** Time of the counter's pop at the result. */
  resultPopMs: {
    kind: 'number',
    default: 360,
    min: 0,
    max: 1500,
    step: 10,
    description: 'Result: pop time (ms)',
  },
  /** Easing of the counter's pop at the result. */
  resultPopEase: { kind: 'ease', default: 'back.out(3)', description: 'Result: pop easing' },
  /** Stars thrown from the counter on a win. */
  burstCount: { kind: 'number', default: 18, min: 0, max: 60, step: 1, description: 'Win: burst stars' },
  /** Life of the win burst. */
  burstMs: { kind: 'number', default: 800, min: 0, max: 3000, step: 10, description: 'Win: burst life (ms)' },
  /** Shake of the counter on a loss, in px. */
  loseShakePx: {
    kind: 'number',
    default: 7,
    min: 0,
    max: 30,
    step: 0.5,
    description: 'Loss: counter shake (px)',
  },
  /** Length of the loss shake and the rocket's stall. */
  loseMs: {
    kind: 'number',
    default: 420,
    min: 0,
    max: 2000,
    step: 10,
    description: 'Loss: shake and stall time (ms)',
  },
  /** Time for the scene to come back to rest after a round. */
  settleMs: {
    kind: 'number',
    default: 520,
    min: 0,
    max: 2000,
    step: 10,
    description: 'Settle: return to rest (ms)',
  },
  /** Easing of the return to rest. */
  settleEase: { kind: 'ease', default: 'power2.inOut', description: 'Settle: easing' },
  /** Star drift at rest, in px per second. */
  starIdleSpeed: {
    kind: 'number',
    default: 14,
    min: 0,
    max: 200,
    step: 1,
    description: 'Stars: drift at rest (px/s)',
  },
  /** Star speed per decade per second of climb (the parallax rush). */
  starRushSpeed: {
    kind: 'number',
    default: 1400,
    min: 0,
    max: 6000,
    step: 50,
    description: 'Stars: rush per decade/s (px/s)',
  },
  /** Longest star streak at full rush, as a multiple of a star's size. */
  streakMax: {
    kind: 'number',
    default: 9,
    min: 1,
    max: 30,
    step: 0.5,
    description: 'Stars: longest streak (× size)',
  },
  /** How much the flame flickers (share of its length). */
  flameFlicker: { kind: 'number', default: 0.16, min: 0, max: 0.6, step: 0.01, description: 'Flame flicker' },
  /** Flame length while climbing, relative to rest. */
  flameBoost: {
    kind: 'number',
    default: 1.9,
    min: 1,
    max: 4,
    step: 0.05,
    description: 'Flame length while climbing',
  },
  /** Bob of the resting rocket, in px. */
  bobPx: { kind: 'number', default: 3, min: 0, max: 12, step: 0.5, description: 'Rocket bob at rest (px)' },
  /** Period of the resting rocket's bob. */
  bobMs: {
    kind: 'number',
    default: 1800,
    min: 300,
    max: 6000,
    step: 50,
    description: 'Rocket bob period (ms)',
  },
  /** Spacing of the climb's ticking sound on the log scale (decades between ticks). */
  tickDecades: {
    kind: 'number',
    default: 0.06,
    min: 0.01,
    max: 0.5,
    step: 0.01,
    description: 'Tick sound spacing (decades)',
  },
  /** Shortest gap between two ticks. */
  tickMinGapMs: {
    kind: 'number',
    default: 70,
    min: 20,
    max: 500,
    step: 5,
    description: 'Tick sound shortest gap (ms)',
  },
});
