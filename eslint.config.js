// ESLint for the whole repository (run by `npm run lint` and `npm test`): typescript-eslint's
// recommended rules without type information (the type-aware sets are too slow for a small
// machine, and `npm run typecheck` runs the compiler anyway), plus React's hooks rules for the web app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Build output, installed packages, and generated or downloaded data.
  globalIgnores(['dist/', 'coverage/', 'data/', 'tmp/', 'bench/.data/', 'docs/images/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // A leading underscore marks a parameter kept for its position (Fastify's (request, _reply));
      // rest siblings name the properties a copy leaves out (`const { id: _id, ...fields } = row`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Where a pattern names control characters, matching them is its purpose (header values, file names).
      'no-control-regex': 'off',
    },
  },
  {
    // Migrations are untyped on purpose (Kysely<any>): each describes the schema as it was at its time.
    files: ['src/server/db/migrate.ts', 'src/server/db/migrations/**', 'test/migrations.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // Map components keep their latest callbacks in a ref written during render, so that MapLibre
      // listeners registered once call the current props; the app does not use the React Compiler.
      'react-hooks/refs': 'off',
      // Effects here set state from what only an effect learns: that the map could not start
      // (no WebGL), or a query's answer about a lead named in the URL.
      'react-hooks/set-state-in-effect': 'off',
      // Says only that the React Compiler, which the app does not use, would skip a component
      // (react-hook-form's watch()).
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Served as is to other sites' pages: a plain ES5 browser script.
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script', ecmaVersion: 5 },
    // ES5 has no optional catch binding, so a catch names an error it may not use.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]);
