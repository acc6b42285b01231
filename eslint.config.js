import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'bench/results.json',
      '**/.generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A function a newcomer can read in one screen; tests are stories and may run longer.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A screen test waits for what the user would see, with no deadline of its own: testing-library's
    // waits take the suite's one limit (src/test/setup.ts), where vi.waitFor gives up after a second.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: "Use testing-library's waitFor: it waits within the suite's limit.",
        },
        {
          object: 'vi',
          property: 'waitUntil',
          message: "Use testing-library's waitFor: it waits within the suite's limit.",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features build on components/ and lib/; the shell in app/ composes features, never the reverse.
    // Charts go through the shared chart layer, so the chart library stays out of the first screen.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'recharts',
              message: 'Charts come from components/charts, which loads the chart library lazily.',
            },
          ],
          patterns: [
            {
              group: ['**/app/*', '**/app'],
              message: 'Features import shared pieces from components/ or lib/, not from the app shell.',
            },
          ],
        },
      ],
    },
  },
);
