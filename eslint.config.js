// Lint: code rules here; the import boundaries of ARCHITECTURE.md in .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Import boundaries (layers, cycles, wrong-way imports) live in .dependency-cruiser.cjs, one
  // place for them all; `npm run lint` runs both tools.
  {
    // A route file holds no SQL (ARCHITECTURE.md, server layers): its queries and transactions live
    // in the module's repositories (functions taking the db or a transaction) and services. No
    // other block sets these two rules for route files; one that does must merge these entries in,
    // since a later block's setting of a rule replaces an earlier one's.
    files: ['server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction|executeTakeFirst|executeTakeFirstOrThrow)$/]',
          message:
            "No SQL in a route file: put the query or transaction in the module's *.repository.ts (a function taking the db or a transaction) or in its service.",
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"], MemberExpression[object.name="sql"]',
          message: "No SQL in a route file: raw SQL belongs in the module's *.repository.ts.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: 'Route files do not build queries: import a repository function instead.',
            },
          ],
          patterns: [
            {
              group: ['kysely/*'],
              message: 'Route files do not build queries: import a repository function instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's services and other rule files query nothing themselves (issue 17): rules there,
    // SQL in its *.repository.ts. A service still opens its transaction and passes it down. The
    // sandbox PSP is exempt: its queries are the stand-in bank's own storage, not Trevo's.
    files: ['server/modules/**/*.ts'],
    ignores: [
      'server/modules/*/*.routes.ts',
      'server/modules/*/*.repository.ts',
      'server/modules/payments/sandbox-psp.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: "No queries in this module's services: put them in its *.repository.ts.",
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"], MemberExpression[object.name="sql"]',
          message: "No SQL in this module's services: raw SQL belongs in its *.repository.ts.",
        },
      ],
    },
  },
);
