import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Web features never import each other (bulletproof-react): the app layer composes them.
const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
// React Router's Link and NavLink bring its framework-mode prefetching into the first-load
// chunk, its useSearchParams lands there with the library although only lazy screens use it,
// react-i18next's useTranslation is several times the size of the app's own
// (docs/performance.md#where-the-budgets-are-missed-and-why).
const webRestrictedPaths = [
  {
    name: 'react-router',
    importNames: ['Link', 'NavLink'],
    message: "Use Link and NavLink from '@/components/link'.",
  },
  {
    name: 'react-router',
    importNames: ['useSearchParams'],
    message: "Use useSearchParams from '@/hooks/use-search-params'.",
  },
  {
    name: 'react-i18next',
    importNames: ['useTranslation'],
    message: "Use useTranslation from '@/hooks/use-translation'.",
  },
];
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: webRestrictedPaths,
        patterns: [
          {
            regex: `(^@/features/|/features/|^\\.\\./\\.\\./)(?!${feature}/)(${features.join('|')})/`,
            message: 'Features must not import each other; compose them in src/app.',
          },
        ],
      },
    ],
  },
}));

// Server modules, lowest first: each may import only those before it, so no two modules import
// each other, however indirectly. What two modules share moves into a lower one (person-record,
// usage-record). A new module goes into this list where its imports allow.
const serverModules = [
  'person-record',
  'auth',
  'access-token',
  'catalogue',
  'mail',
  'webhook-record',
  'account',
  'project',
  'usage-record',
  'licence',
  'access',
  'audit',
  'mfa',
  'translation',
  'admin-content',
  'admin-report',
  'billing',
  'admin-service',
  'contact',
  'health',
  'licence-tools',
  'person',
  'service-api',
  'public-pages',
  'usage',
  'retention',
  'billing-settings',
  'billing-profile',
  'webhook',
  'privacy',
];
function moduleZones() {
  const dir = 'apps/server/src/modules';
  const present = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
  const unplaced = present.filter((name) => !serverModules.includes(name));
  if (unplaced.length > 0) throw new Error(`eslint.config.js: place the server module(s) ${unplaced.join(', ')} in serverModules`);
  return serverModules.map((name, index) => ({
    target: `${dir}/${name}`,
    from: serverModules.slice(index + 1).map((higher) => `${dir}/${higher}`),
    message: `${name} is below these modules in serverModules (eslint.config.js): no import upwards, no cycles.`,
  })).filter((zone) => zone.from.length > 0);
}

// Server layers, lowest first: lib and db know nothing above them, plugins nothing of the
// modules, and the seed (demo content) is only loaded by start-up and the CLI.
const server = 'apps/server/src';
const serverZones = [
  { target: `${server}/lib`, from: [`${server}/plugins`, `${server}/modules`, `${server}/seed`, `${server}/cli`, `${server}/app.ts`], message: 'lib/ is the lowest layer.' },
  { target: `${server}/db`, from: [`${server}/plugins`, `${server}/modules`, `${server}/seed`, `${server}/cli`, `${server}/app.ts`], message: 'db/ is below the plugins and modules.' },
  { target: `${server}/plugins`, from: [`${server}/modules`, `${server}/seed`, `${server}/cli`, `${server}/app.ts`], message: 'Plugins must not import modules; app.ts hands them what they need.' },
  { target: `${server}/modules`, from: [`${server}/seed`, `${server}/cli`, `${server}/app.ts`], message: 'Modules must not import the seed, the CLI or the app.' },
  ...moduleZones(),
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // react-router loaders throw redirect() responses by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webRestrictedPaths }],
    },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringContaining) are typed any by vitest.
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  ...featureBoundaries,
  {
    // Server layers import downwards only, and no server file reaches itself through its imports
    // (docs/architecture.md#inside-the-server): what two modules share moves down.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
