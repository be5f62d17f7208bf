/**
 * The import boundaries of ARCHITECTURE.md, in one place, enforced by `npm run lint`
 * (dependency-cruiser: it sees the whole graph, so it finds cycles between files and between
 * modules and wrong-way imports alike; an ESLint import rule sees one file at a time, and flat
 * config blocks silently replaced each other's restricted patterns). docs/architecture.md explains
 * the layers; `npm run docs:graph` draws the graph from this same configuration.
 */

/** The server's feature modules, bottom-up: a module imports only modules before it. */
const MODULES = [
  'protection',
  'payments',
  'wallet',
  'auth',
  'games',
  'sports',
  'promo',
  'support',
  'users',
  'site',
  'compliance',
  'admin',
];

const later = (i) => MODULES.slice(i + 1).join('|');

const moduleOrder = MODULES.slice(0, -1).map((name, i) => ({
  name: `module-order-${name}`,
  comment: `server/modules/${name} sits below ${MODULES.slice(i + 1).join(', ')}: it never imports them.`,
  severity: 'error',
  from: { path: `^server/modules/${name}/` },
  to: { path: `^server/modules/(${later(i)})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, between files or (through the module order below) between modules. A cycle ' +
        'closed by a dynamic import is a lazy chunk loaded on demand (the bet slip), not a knot.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    // Boundary 5: src/ and server/ never import each other; both import domain/.
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports nothing from src/ or server/ and does no I/O.',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        path: '^(src|server)/|^node_modules/(axios|kysely|fastify|pg|ioredis|socket\\.io)/',
      },
    },
    {
      name: 'domain-no-node-io',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'], path: '^(fs|net|http|https|child_process)$' },
    },
    {
      name: 'server-not-src',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'src-not-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    // The server's layers: infrastructure ← platform ← modules (in MODULES order) ← app.
    {
      name: 'infra-is-the-bottom',
      comment: 'server/infra (db, http, jobs, security, config) imports no platform, module or app code.',
      severity: 'error',
      from: { path: '^server/infra/' },
      to: { path: '^server/(platform|modules)/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'platform-below-modules',
      comment: 'server/platform (access, sessions, audit trail, announcer, money) imports no module.',
      severity: 'error',
      from: { path: '^server/platform/' },
      to: { path: '^server/modules/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'modules-below-app',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/(app|main)\\.ts$' },
    },
    ...moduleOrder,
    // The client: shell → games/machines → services → domain.
    {
      name: 'games-not-shell',
      comment: 'Games never import the shell (ARCHITECTURE.md boundary 6).',
      severity: 'error',
      from: { path: '^src/games/' },
      to: { path: '^src/(shell|admin)/' },
    },
    {
      name: 'machines-not-ui',
      comment:
        'Machines never import the shell or the scenes, nor the router (navigation comes through .provide()).',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: { path: '^src/(shell|games|admin)/|^node_modules/react-router' },
    },
    {
      name: 'services-at-the-bottom',
      severity: 'error',
      from: { path: '^src/(services|lib)/' },
      to: { path: '^src/(shell|games|machines|admin)/' },
    },
    {
      name: 'lib-below-services',
      comment:
        'src/lib (formatting, i18n, storage, device) is the bottom: services use it, never the reverse.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/services/' },
    },
    {
      name: 'scenes-render-only',
      comment: 'Scenes never touch the network, the router, services or money logic (boundary 1).',
      severity: 'error',
      from: { path: '^src/games/.+(\\.scene\\.ts$|/views/)' },
      to: {
        path: '^src/(services|machines)/|^domain/money|^node_modules/(axios|socket\\.io-client|react-router)',
        // A machine's cue type is the scene's contract; importing the type runs nothing.
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shell-reaches-games-by-index',
      comment:
        'The shell imports a game only through src/games/index.ts, or loaders.ts to start a download (boundary 3).',
      severity: 'error',
      from: { path: '^src/(shell|admin)/' },
      to: { path: '^src/games/', pathNot: '^src/games/(index|loaders)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tmp)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle of types is still a knot a reader must untie.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
