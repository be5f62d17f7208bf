import { defineTuning } from '../shared/tuning';

/** The Mines scene's knobs (issue 5): `?tune` binds them live; the scene reads them when each animation starts. */
export const tuning = defineTuning({
  // Layout ---------------------------------------------------------------------------------------
  /** Space kept free around the board, in CSS px. */
  boardPaddingPx: {
    kind: 'number',
    default: 12,
    min: 0,
    max: 64,
    step: 1,
    description: 'Margin around the board (px)',
  },
  /** Largest side the board grows to on wide screens. */
  boardMaxPx: {
    kind: 'number',
    default: 540,
    min: 240,
    max: 900,
    step: 10,
    description: 'Largest board side (px)',
  },
  /** Gap between tiles as a share of a tile's side. */
  tileGapRatio: {
    kind: 'number',
    default: 0.1,
    min: 0.02,
    max: 0.3,
    step: 0.01,
    description: 'Gap between tiles (× tile side)',
  },
  /** Corner radius of a tile as a share of its side. */
  tileCornerRatio: {
    kind: 'number',
    default: 0.14,
    min: 0,
    max: 0.5,
    step: 0.01,
    description: 'Tile corner radius (× tile side)',
  },
  /** Height of a raised tile's lower lip as a share of its side (the 3D look). */
  tileDepthRatio: {
    kind: 'number',
    default: 0.075,
    min: 0,
    max: 0.2,
    step: 0.005,
    description: 'Raised tile lip height (× tile side)',
  },
  /** Size of the gem and the mine inside a revealed tile, as a share of its side. */
  iconScale: {
    kind: 'number',
    default: 0.74,
    min: 0.4,
    max: 1,
    step: 0.01,
    description: 'Gem and mine size (× tile side)',
  },
  /** Width of the gem/mine counters beside the board on wide screens. */
  countersWidthPx: {
    kind: 'number',
    default: 76,
    min: 48,
    max: 160,
    step: 2,
    description: 'Width of the side counters (px)',
  },

  // Colours --------------------------------------------------------------------------------------
  /** The board's tray under the tiles. */
  boardColor: { kind: 'color', default: '#062419', description: 'Board tray' },
  /** Face of a hidden tile. */
  tileColor: { kind: 'color', default: '#1b6b4b', description: 'Hidden tile face' },
  /** Top highlight band of a hidden tile. */
  tileLightColor: { kind: 'color', default: '#2a8a63', description: 'Hidden tile top highlight' },
  /** The lip under a hidden tile. */
  tileEdgeColor: { kind: 'color', default: '#0b3b29', description: 'Hidden tile lip' },
  /** Face of a hidden tile under the pointer. */
  tileHoverColor: { kind: 'color', default: '#24875f', description: 'Hovered tile face' },
  /** The recessed well a revealed tile leaves. */
  wellColor: { kind: 'color', default: '#04140d', description: 'Revealed tile well' },
  /** Outline of a tile picked for auto-bet. */
  markColor: { kind: 'color', default: '#f5c542', description: 'Auto-bet pick outline' },
  /** Main body of the gem. */
  gemColor: { kind: 'color', default: '#2fd178', description: 'Gem body' },
  /** Light facets of the gem. */
  gemLightColor: { kind: 'color', default: '#b9ffd8', description: 'Gem light facets' },
  /** Dark facets of the gem. */
  gemDarkColor: { kind: 'color', default: '#0c7a43', description: 'Gem dark facets' },
  /** Sparkles around a revealed gem. */
  sparkleColor: { kind: 'color', default: '#fff6c9', description: 'Gem sparkles' },
  /** Shell of the mine. */
  mineColor: { kind: 'color', default: '#4a5366', description: 'Mine shell' },
  /** Glowing core and explosion tint of the mine. */
  mineGlowColor: { kind: 'color', default: '#ff4d4d', description: 'Mine core and blast' },
  /** Colour of the explosion flash. */
  flashColor: { kind: 'color', default: '#ffd27a', description: 'Explosion flash' },
  /** Multiplier text and banner accents on a win. */
  winColor: { kind: 'color', default: '#2fd178', description: 'Win multiplier text' },
  /** Gold accents: cash-out banner frame, sparkle of the payout. */
  goldColor: { kind: 'color', default: '#f5c542', description: 'Cash-out banner frame' },
  /** Plain text (payout, counters). */
  textColor: { kind: 'color', default: '#eef7f1', description: 'Payout and counter text' },
  /** Red of a bust (board frame pulse). */
  bustColor: { kind: 'color', default: '#ff6b6b', description: 'Bust frame pulse' },

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
  /** Time for one tile to settle in on a new board. */
  resetMs: {
    kind: 'number',
    default: 320,
    min: 0,
    max: 1500,
    step: 10,
    description: 'New board: tile settle time (ms)',
  },
  /** Delay between neighbouring tiles on a new board (a diagonal wave). */
  resetStaggerMs: {
    kind: 'number',
    default: 22,
    min: 0,
    max: 120,
    step: 1,
    description: 'New board: wave delay per tile (ms)',
  },
  /** Easing of tiles settling in on a new board. */
  resetEase: { kind: 'ease', default: 'back.out(1.7)', description: 'New board: tile settle easing' },
  /** How far a hovered tile rises, in px. */
  hoverLiftPx: {
    kind: 'number',
    default: 3,
    min: 0,
    max: 12,
    step: 0.5,
    description: 'Hover: tile lift (px)',
  },
  /** Time of the hover lift. */
  hoverMs: { kind: 'number', default: 110, min: 0, max: 500, step: 10, description: 'Hover: lift time (ms)' },
  /** Scale of a pressed tile. */
  pressScale: {
    kind: 'number',
    default: 0.92,
    min: 0.7,
    max: 1,
    step: 0.01,
    description: 'Press: tile scale',
  },
  /** Time of the press squash. */
  pressMs: { kind: 'number', default: 70, min: 0, max: 300, step: 5, description: 'Press: squash time (ms)' },
  /** Period of the pulse on a tile waiting for the server. */
  pendingPulseMs: {
    kind: 'number',
    default: 380,
    min: 100,
    max: 1500,
    step: 10,
    description: 'Waiting tile: pulse period (ms)',
  },
  /** Time for a tile to sink before its content appears. */
  flipMs: {
    kind: 'number',
    default: 150,
    min: 0,
    max: 800,
    step: 10,
    description: 'Reveal: tile sink time (ms)',
  },
  /** Time of the gem popping out of its well. */
  gemPopMs: { kind: 'number', default: 420, min: 0, max: 1500, step: 10, description: 'Gem: pop time (ms)' },
  /** Easing of the gem pop. */
  gemPopEase: { kind: 'ease', default: 'back.out(2.4)', description: 'Gem: pop easing' },
  /** Number of sparkles thrown by a gem. */
  sparkleCount: { kind: 'number', default: 7, min: 0, max: 20, step: 1, description: 'Gem: sparkle count' },
  /** Life of a gem sparkle. */
  sparkleMs: {
    kind: 'number',
    default: 650,
    min: 0,
    max: 2000,
    step: 10,
    description: 'Gem: sparkle life (ms)',
  },
  /** Rise of the multiplier chip over a revealed gem, as a share of a tile's side. */
  chipRiseRatio: {
    kind: 'number',
    default: 0.55,
    min: 0,
    max: 2,
    step: 0.05,
    description: 'Gem: multiplier chip rise (× tile)',
  },
  /** Life of the multiplier chip over a revealed gem. */
  chipMs: {
    kind: 'number',
    default: 900,
    min: 0,
    max: 3000,
    step: 10,
    description: 'Gem: multiplier chip life (ms)',
  },
  /** Time of the mine's explosion flash. */
  mineFlashMs: {
    kind: 'number',
    default: 320,
    min: 0,
    max: 1500,
    step: 10,
    description: 'Mine: flash time (ms)',
  },
  /** Number of shards thrown by the explosion. */
  shardCount: { kind: 'number', default: 12, min: 0, max: 40, step: 1, description: 'Mine: shard count' },
  /** Strength of the board shake on a mine, in px. */
  shakePx: { kind: 'number', default: 9, min: 0, max: 30, step: 0.5, description: 'Mine: board shake (px)' },
  /** Length of the board shake on a mine. */
  shakeMs: {
    kind: 'number',
    default: 420,
    min: 0,
    max: 1500,
    step: 10,
    description: 'Mine: shake time (ms)',
  },
  /** Delay between tiles when the rest of the board is shown at the end (a ripple). */
  revealAllStaggerMs: {
    kind: 'number',
    default: 26,
    min: 0,
    max: 150,
    step: 1,
    description: 'End: ripple delay per tile (ms)',
  },
  /** Time for one remaining tile to turn over at the end. */
  revealAllMs: {
    kind: 'number',
    default: 240,
    min: 0,
    max: 1500,
    step: 10,
    description: 'End: tile turn time (ms)',
  },
  /** Opacity of the tiles shown at the end that the player did not pick. */
  dimAlpha: {
    kind: 'number',
    default: 0.4,
    min: 0.05,
    max: 1,
    step: 0.01,
    description: 'End: unpicked tile opacity',
  },
  /** Size of the icons of unpicked tiles at the end, relative to picked ones. */
  dimScale: {
    kind: 'number',
    default: 0.78,
    min: 0.3,
    max: 1,
    step: 0.01,
    description: 'End: unpicked icon size',
  },
  /** Time of the cash-out banner popping in. */
  cashoutMs: {
    kind: 'number',
    default: 460,
    min: 0,
    max: 2000,
    step: 10,
    description: 'Cash-out: banner pop time (ms)',
  },
  /** Easing of the cash-out banner. */
  cashoutEase: { kind: 'ease', default: 'back.out(1.9)', description: 'Cash-out: banner easing' },
  /** Time of the red frame pulse on a bust. */
  bustMs: {
    kind: 'number',
    default: 520,
    min: 0,
    max: 2000,
    step: 10,
    description: 'Bust: frame pulse time (ms)',
  },
});
