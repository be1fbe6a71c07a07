// One ESLint config for the whole workspace. `npm run lint` allows zero warnings.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Code that reaches the web page uses zod/mini: zod's full build alone is ~85 kB minified (issue 11). */
const ZOD_FULL_BUILD = {
  regex: '^zod$',
  message: "Browser code imports zod/mini (import * as z from 'zod/mini'), never zod's full build.",
};

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
              message: 'Only web/src/app/load-backend.ts chooses a backend; use useServices() instead.',
            },
            ZOD_FULL_BUILD,
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
    // The composition root is the one place that loads a backend package (dynamically).
    files: ['web/src/app/load-backend.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The client packages end up in the web page's bundle too.
    files: ['packages/{local,chat-client,firebase}/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ZOD_FULL_BUILD] }] },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      // core is pure: types, rules and schemas. The schema library is its only runtime dependency.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // zod/mini, never zod's full build: core's schemas ship in the web page (issue 11's budget).
              regex: '^(?!zod/mini$|zod/locales$|\\.{1,2}/).*',
              message: 'packages/core may import only zod/mini (with its English locale) and its own files.',
            },
          ],
        },
      ],
    },
  },
);
