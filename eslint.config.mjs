// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  paths: [{ name: 'vscode', message: 'Only src/vscode/ and src/extension.ts may import vscode (see STYLE.md).' }],
};

export default tseslint.config(
  // Fixture pages are the "developer's app" in tests: their line numbers matter, lint would only move them.
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'edge/node_modules/',
      'edge/.wrangler/',
      '.test-artifacts/',
      'test/e2e/fixtures/',
      'test/vscode/fixtures/',
      'out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', noVscode],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Code inside VS Code: the extension's own layer and the suites that run in its host.
    files: ['src/vscode/**/*.ts', 'src/extension.ts', 'test/vscode/suite/**/*.ts', 'bench/editor/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.cjs', 'bench/**/*.mjs', 'bench/**/*.cjs', 'edge/scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['test/**/*.ts', 'edge/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
