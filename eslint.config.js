import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The stand-ins, each a program of its own (src/stand-ins/wom, src/stand-ins/discord). */
const standIns = readdirSync('src/stand-ins', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports of a source root, through its alias or a relative path. The patterns are .gitignore lines,
 * where one starting with `#` is a comment: the backslash makes the alias a pattern.
 */
const root = (name) => [`\\#${name}/*`, `**/${name}/**`];

/** DESIGN §4: one-way imports between the source roots. */
const boundaries = {
  core: [
    ...root('server'),
    ...root('web'),
    ...root('test'),
    ...root('shared'),
    ...root('stand-ins'),
    'react',
    'react-*',
    'fastify',
    'fastify-*',
    '@fastify/*',
    'kysely',
    'pg',
    'better-sqlite3',
    'node:*',
  ],
  // What the server and the stand-ins both run on (the clock, listening on a port): core only.
  shared: [...root('server'), ...root('web'), ...root('test'), ...root('stand-ins'), 'react', 'react-*'],
  server: [...root('web'), ...root('test'), ...root('stand-ins'), 'react', 'react-*'],
  // Programs that play WOM and Discord beside the server, never part of it: core and shared only.
  standIns: [...root('server'), ...root('web'), ...root('test'), 'react', 'react-*'],
  web: [
    ...root('server'),
    ...root('test'),
    ...root('shared'),
    ...root('stand-ins'),
    'kysely',
    'pg',
    'better-sqlite3',
    'fastify',
    '@fastify/*',
    'node:*',
  ],
};

/** Demo mode starts the stand-ins as processes of their own: their entries, messages and launchers. */
const demoLaunchers = ['src/server/demo/demo-wom-*.ts', 'src/server/demo/demo-discord*.ts'];

const restrict = (patterns) => [
  'error',
  { patterns: [{ group: patterns, message: 'Crosses a layer boundary (DESIGN §4).' }] },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify hooks and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
      'import-x/no-cycle': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/config.ts.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': restrict(boundaries.core),
      'no-restricted-globals': ['error', { name: 'process', message: 'core is pure: no process.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'core takes the clock as an argument.',
        },
      ],
    },
  },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': restrict(boundaries.server) } },
  {
    files: demoLaunchers,
    rules: {
      'no-restricted-imports': restrict(boundaries.server.filter((p) => !root('stand-ins').includes(p))),
    },
  },
  { files: ['src/shared/**'], rules: { 'no-restricted-imports': restrict(boundaries.shared) } },
  {
    files: ['src/stand-ins/**'],
    rules: {
      'no-restricted-imports': restrict(boundaries.standIns),
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: standIns.map((standIn) => ({
            target: `./src/stand-ins/${standIn}`,
            from: './src/stand-ins',
            except: [`./${standIn}`],
            message:
              'A stand-in is a program of its own: it imports core and shared, never another stand-in.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(boundaries.web),
      // A web feature never imports another feature; pages that combine features live in web/app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./src/web/features/${feature}`,
            from: './src/web/features',
            except: [`./${feature}`],
          })),
        },
      ],
    },
  },
  {
    // The one reader of the environment, plus the test, build and CI tooling around the app.
    files: [
      'src/server/config.ts',
      'src/test/**',
      'scripts/**',
      '*.config.ts',
      'e2e/**',
      'bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests and their helpers (src/test, a feature's *.testing.ts) start the stand-ins and the app.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.ts', 'src/test/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // inject().json() is untyped by design: assertions check its shape.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
