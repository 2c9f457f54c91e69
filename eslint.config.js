// ESLint (flat config): type-aware typescript-eslint, React hooks, jsx-a11y, and the import
// boundaries of docs/architecture.md ("The layers and their arrows"). `npm run lint` runs it with tsc and Prettier.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** docs/architecture.md's arrows, as element types (paths from the repository root). */
const elements = [
  { type: 'core', pattern: 'core/**', partialMatch: false },
  { type: 'client', pattern: 'src/**', partialMatch: false },
  { type: 'worker', pattern: 'sw/**', partialMatch: false },
  { type: 'server-routes', pattern: 'server/routes/**', partialMatch: false },
  { type: 'server-services', pattern: 'server/services/**', partialMatch: false },
  { type: 'server-repositories', pattern: 'server/repositories/**', partialMatch: false },
  { type: 'server-db', pattern: 'server/db/**', partialMatch: false },
  { type: 'server-test', pattern: 'server/test/**', partialMatch: false },
  // app.ts (the composition root), config, plugins, integrations, media, storage, jobs.
  { type: 'server', pattern: 'server/**', partialMatch: false },
  { type: 'e2e', pattern: 'e2e/**', partialMatch: false },
  { type: 'scripts', pattern: 'scripts/**', partialMatch: false },
];

const allowTo = (...types) => ({ to: { element: { types: { anyOf: types } } } });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.data*/**',
      'src/routeTree.gen.ts',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The same projects tsc -b checks, so the rules see the types the compiler sees (strict indexing included).
      parserOptions: {
        project: ['./tsconfig.core.json', './tsconfig.app.json', './tsconfig.sw.json', './tsconfig.server.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // No console.log (warnings and errors go through the logger or are shown to the user).
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `void promise` is how this codebase marks a deliberately unawaited call.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // React event props take `() => void`; passing an async handler there is intended (errors are caught inside).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Template literals with numbers are everywhere in messages and paths and are safe.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Async functions without await implement promise-returning interfaces (fakes, Firebase's
      // resolver, Fastify handlers); the floating- and misused-promise rules catch the real bugs.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's notFound() and redirect() are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['NotFoundError', 'Redirect'] }] },
      ],
    },
  },
  {
    // Tests read answers through Fastify's `inject().json()` and similar, typed `any`: they assert
    // the shape instead. The unsafe-any rules stay on for application code.
    files: ['**/*.test.{ts,tsx}', 'server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript and vite.config.ts (in no tsconfig project) are linted without type information.
    files: ['**/*.{js,mjs,cjs}', 'vite.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // MUI dialogs focus their first field or safe button on purpose (autoFocus on MUI components,
      // not DOM elements); plain DOM autoFocus stays an error.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Lingui's own rules wherever the app's code is (issue 62).
    files: ['src/**/*.{ts,tsx}'],
    ...pluginLingui.configs['flat/recommended'],
  },
  {
    // Every screen is in the catalogs: no text reaches the screen without going through them (issue 62).
    files: ['src/**/*.{ts,tsx}'],
    // Test support (src/test) is not shipped.
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.{ts,tsx}', 'src/test/**'],
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: [
            // One word without a leading capital: keys, ids, paths, CSS values.
            '^(?![A-Z])\\S+$',
            // Constants.
            '^[A-Z0-9_-]+$',
          ],
          ignoreNames: [
            { regex: { pattern: '^(aria-labelledby|aria-describedby|id|key|to|value|edge|size|variant|component|elevation|name)$' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            // CSS values of several words in `sx` ('1 1 auto', `calc(...)`, 'repeat(7, 1fr)', '2px solid #fff').
            {
              regex: {
                pattern:
                  '^(flex|minHeight|bottom|pb|clip|clipPath|filter|height|fontSize|gridTemplateColumns|gridTemplateRows|gridColumn|transform|transition|border|boxShadow|outline)$',
              },
            },
            // A keyboard key's name, as ARIA spells it.
            { regex: { pattern: '^aria-keyshortcuts$' } },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            // An API error's message is for the developer's log: the app words its code (src/api/error-text.ts).
            'ApiError',
            '*.setRequestHeader',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            'import',
            // CSS selectors; a lazy part's name and a Firebase error's message, for the developer's log.
            '*.querySelector',
            '*.closest',
            'lazyPart',
            'FirebaseError',
            'RangeError',
            'TypeError',
            // Media queries.
            '*.matchMedia',
            'matchMedia',
            'useMediaQuery',
            // A luxon format pattern ('HH:mm'); a PDF's producer, the app's and library's names.
            '*.toFormat',
            '*.setCreator',
            '*.setProducer',
          ],
        },
      ],
    },
  },
  {
    // core's English texts are the server's words (logs, API users) and the spec's, which tests read:
    // imported into the app they would reach the screen untranslated, past the rule above (issue 62).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/messages', '**/core/server-messages', '**/core/moderation-messages'],
              allowTypeImports: true,
              message: "core's English is not the app's words: put the text in the catalogs (t, msg, <Trans>).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['core/**', 'src/**', 'sw/**', 'server/**', 'e2e/**', 'scripts/**'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // Packages are not ours: any element may use them.
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
            { from: { element: { type: 'core' } }, allow: allowTo('core') },
            { from: { element: { type: 'client' } }, allow: allowTo('client', 'core') },
            { from: { element: { type: 'worker' } }, allow: allowTo('worker', 'core') },
            { from: { element: { type: 'server-routes' } }, allow: allowTo('server-routes', 'server-services', 'server', 'core') },
            {
              from: { element: { type: 'server-services' } },
              allow: allowTo('server-services', 'server-repositories', 'server', 'core'),
            },
            { from: { element: { type: 'server-repositories' } }, allow: allowTo('server-repositories', 'server-db', 'server', 'core') },
            { from: { element: { type: 'server-db' } }, allow: allowTo('server-db', 'server', 'core') },
            // The composition root (app.ts) and the shared server modules wire every layer.
            {
              from: { element: { type: 'server' } },
              allow: allowTo('server', 'server-routes', 'server-services', 'server-repositories', 'server-db', 'core'),
            },
            // Server tests reach every layer, and start the auth emulator with the scripts' helpers.
            {
              from: { element: { type: 'server-test' } },
              allow: allowTo(
                'server',
                'server-routes',
                'server-services',
                'server-repositories',
                'server-db',
                'server-test',
                'scripts',
                'core',
              ),
            },
            { from: { element: { type: 'e2e' } }, allow: allowTo('e2e', 'core') },
            {
              from: { element: { type: 'scripts' } },
              allow: allowTo('scripts', 'server', 'server-services', 'server-repositories', 'server-db', 'core'),
            },
          ],
        },
      ],
    },
  },
);
