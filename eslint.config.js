// The linter's rules (npm run lint, part of npm test): JavaScript's and typescript-eslint's
// recommended sets, React's rules of hooks for the web client. Formatting is Prettier's.
// ESLint's own defineConfig (typescript-eslint's config() helper is deprecated in its favour).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', 'tests/e2e/screenshots/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // With noUncheckedIndexedAccess on, `!` marks an index the code knows exists.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read loosely typed JSON bodies; migrations are written against Kysely<any> (house rule).
    files: ['**/*.test.{ts,tsx}', 'tests/**', '**/migrations/**', '**/*.contract.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
