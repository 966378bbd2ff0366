// ESLint flat config. The analyzer (server/src/analysis, syntax, parser) is a pure library: it must not
// import the editor, the language-server transport or the database driver (STYLE.md §1).
import tseslint from 'typescript-eslint';

const editorModules = ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*', 'oracledb'];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'server/src/parser/generated/**', 'probe/**', '.dev/**', 'coverage/**', '.bench/**', 'packages/cli/dist/**', 'packages/cli/bin/**', 'packages/cli/docs/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': ['error', { selector: 'CallExpression[callee.property.name="only"]', message: 'no .only in committed tests' }],
    },
  },
  {
    // Tests read JSON produced by the CLI and the probe; `any` there is the honest type.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['server/src/analysis/**/*.ts', 'server/src/syntax/**/*.ts', 'server/src/parser/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: editorModules.filter((m) => !m.includes('*')), patterns: editorModules.filter((m) => m.includes('*')) }],
    },
  },
);
