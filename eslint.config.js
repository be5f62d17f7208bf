// Lint, including the import boundaries of ARCHITECTURE.md as rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const boundary = (message, group) => ({ group, message });

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Boundary 5: src/ and server/ never import each other; both import domain/.
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary('domain/ is pure: it imports nothing from src/ or server/.', [
              '**/src/**',
              '**/server/**',
            ]),
            boundary('domain/ does no I/O.', [
              'node:fs',
              'node:net',
              'node:http',
              'axios',
              'kysely',
              'fastify',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [boundary('server/ never imports src/ (ARCHITECTURE.md boundary 5).', ['**/src/**'])] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [boundary('src/ never imports server/ (ARCHITECTURE.md boundary 5).', ['**/server/**'])],
        },
      ],
    },
  },
  // Boundary 2: machines own effects but take navigation and toasts through .provide().
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary('Machines get navigation through .provide(), never the router.', [
              'react-router',
              'react-router-dom',
            ]),
            boundary('Machines never import the shell or scenes.', [
              '**/shell/**',
              '**/games/**',
              // The game rules in domain/ are exactly what machines should use.
              '!**/domain/games/**',
              '**/server/**',
            ]),
          ],
        },
      ],
    },
  },
  // Boundary 1: scenes never touch the network, the router or money logic.
  {
    files: ['src/games/**/*.scene.ts', 'src/games/**/views/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary('Scenes render snapshots; no network, router or services.', [
              'axios',
              'socket.io-client',
              'react-router',
              'react-router-dom',
              '**/services/**',
              '**/domain/money*',
            ]),
          ],
        },
      ],
    },
  },
  // Boundary 3: the shell reaches a game only through src/games/<game>/index.ts.
  {
    files: ['src/shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundary('The shell imports only src/games/<game>/index.ts.', [
              '**/games/*/*.scene*',
              '**/games/*/views/**',
              '**/games/*/hud/**',
            ]),
            boundary('src/ never imports server/.', ['**/server/**']),
          ],
        },
      ],
    },
  },
);
