import js from '@eslint/js';
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
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
