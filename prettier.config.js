// Prettier (`npm run format` rewrites, `npm run format:check` in `npm test` checks): the code's own
// style (single quotes, semicolons, trailing commas, parenthesised arrow parameters) with long lines.
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
  overrides: [
    {
      // Served as is to other sites' pages as ES5, which has no trailing comma after arguments.
      files: 'src/web/public/**/*.js',
      options: { trailingComma: 'es5' },
    },
  ],
};
