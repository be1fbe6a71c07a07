// One ESLint config for the whole workspace. `npm run lint` allows zero warnings.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web page carries no schema library (issue 11's budget): zod/mini and its locale cost ~10 KiB gzip.
 * Code the page loads checks and reads with core's plain checks (packages/core/src/check, read, write);
 * core's zod schemas (packages/core/src/schema) are for the servers, scripts and tests. Type imports
 * are erased from the bundle, so they stay allowed.
 */
// What the page must not import, because it would weigh on its first load (issue 11's budget).
const PAGE_WEIGHT_RESTRICTIONS = [
  {
    regex: '^zod($|/)',
    allowTypeImports: true,
    message: "Code the web page loads uses core's plain checks and readers, not zod (issue 11's budget).",
  },
  {
    group: ['@chat/core'],
    importNamePattern: 'Schema$',
    allowTypeImports: true,
    message:
      "core's zod schemas are for the servers and tests: the page uses the plain checks that mirror them (…Check, read…).",
  },
  {
    group: ['react-router', 'react-router-dom'],
    importNamePattern: '^(create\\w*Router|RouterProvider)$',
    message:
      'The page routes with <BrowserRouter> and useRoutes: a data router ships loader/action machinery the page never runs (decision 0015).',
  },
];

/**
 * The mock server's layers (mock-server/README.md, "Layout"): app.ts, index.ts and config.ts compose;
 * http/ and live/ are the two transports; scenarios/ drives the assistant; store/, identity/, faults.ts,
 * clock.ts and bodies/ (the strict request bodies both transports parse) are below them. A lower layer
 * never imports a higher one, the transports never import each other's files the other way round
 * (live/ → http/), and only store/memory-store.ts (the DocumentStore interface) is the store's door.
 */
const MOCK_SERVER_COMPOSITION = {
  regex: '^(\\.\\./)+(app|config|index)\\.js$',
  message: 'Only app.ts and index.ts compose the mock server: take what you need as an argument.',
};
const MOCK_SERVER_STORE_INTERNALS = {
  regex: '(^|/)store/(?!memory-store\\.js$)',
  message:
    "Outside store/, use the DocumentStore interface (store/memory-store.ts), not the store's internals.",
};
function mockServerLayer(forbidden, why) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          MOCK_SERVER_COMPOSITION,
          ...forbidden.map((folder) => ({
            regex: `(^|/)${folder}/`,
            message: `${why} (${folder}/ is above it).`,
          })),
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'web/e2e/screenshots/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // embed.js runs on the business's own site, in the browser.
    files: ['web/embed/embed.ts', 'web/embed/embed-config.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Components never reach a backend directly: they get the services through context.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*', 'socket.io-client'],
              message: 'Only packages/firebase or packages/local may import a backend SDK.',
            },
            {
              group: ['@chat/local', '@chat/firebase'],
              message: 'Only web/src/app/backends/ names a backend package; use useServices() instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo console: plain browser JavaScript served as is by the mock server.
    files: ['mock-server/console/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The one place that names a backend package: one file per backend, the build picks one (virtual:backend).
    files: ['web/src/app/backends/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Everything the web page loads: the app and the client packages (not their tests and test harnesses).
    files: ['web/src/**/*.{ts,tsx}', 'packages/{local,chat-client,firebase}/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', 'packages/*/src/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: PAGE_WEIGHT_RESTRICTIONS }] },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/**/*.test-support.ts'],
    rules: {
      // core is pure: types, rules and schemas. The schema library is its only runtime dependency.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // zod/mini, never zod's full build: its build-time cost is paid by every server start too.
              regex: '^(?!zod/mini$|zod/locales$|\\.{1,2}/).*',
              message: 'packages/core may import only zod/mini (with its English locale) and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only core's schema modules use zod; the rest of core is what the page loads ("sideEffects": false
    // in core's package.json lets the bundler drop the schemas, as long as nothing the page uses needs them).
    files: ['packages/core/src/**/*.ts'],
    ignores: [
      'packages/core/src/**/*.test.ts',
      'packages/core/src/**/*.test-support.ts',
      'packages/core/src/schema/**',
      'packages/core/src/index.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod($|/)|(^|/)schema/',
              allowTypeImports: true,
              message:
                'Outside core/src/schema, core is what the web page loads: use the plain checks, and only `import type` from zod or the schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    // One spelling per shape, no circles: the field rules (fields/) import nothing but each other; the
    // schemas build on them; the model and wire modules take their types from the schemas. A schema
    // that imported the model (or wire) would close a circle (packages/core/src/no-import-cycles.test.ts).
    files: ['packages/core/src/schema/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/**/*.test-support.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(model|wire)/',
              message:
                'A schema takes its rules from ../fields; the model and wire modules import the schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/fields/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'The field rules are plain constants: they import nothing but each other.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock-server/src/{store,identity,bodies}/**/*.ts', 'mock-server/src/{faults,clock}.ts'],
    ignores: ['mock-server/src/**/*.test.ts'],
    rules: mockServerLayer(
      ['http', 'live', 'scenarios'],
      'A lower layer of the mock server imports no higher one',
    ),
  },
  {
    files: ['mock-server/src/scenarios/**/*.ts'],
    ignores: ['mock-server/src/**/*.test.ts'],
    rules: mockServerLayer(['http', 'live'], 'The assistant switch knows no transport'),
  },
  {
    files: ['mock-server/src/live/**/*.ts'],
    ignores: ['mock-server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            MOCK_SERVER_COMPOSITION,
            MOCK_SERVER_STORE_INTERNALS,
            {
              regex: '(^|/)http/',
              message: 'live/ does not import http/: share through bodies/ or identity/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock-server/src/http/**/*.ts'],
    ignores: ['mock-server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [MOCK_SERVER_COMPOSITION, MOCK_SERVER_STORE_INTERNALS] },
      ],
    },
  },
);
