// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The import direction of ARCHITECTURE.md, enforced here so a violation fails `npm test`:
// events imports nothing of ours; projections imports events; api imports events and projections;
// client imports only the types of events; scripts may import anything.
const serverFolders = ['./projections', './api', './scripts'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'client/dist/**', '.tsbuild/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['./*/tsconfig.json', './client/e2e/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './events', from: ['./projections', './api', './client', './scripts'], message: 'events imports nothing of ours.' },
            { target: './projections', from: ['./api', './client', './scripts'], message: 'projections imports only events.' },
            { target: './api', from: ['./client', './scripts'], message: 'api imports only events and projections.' },
            { target: './client', from: serverFolders, message: 'client never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    // The client may see the event catalogue's types, never its code (zod schemas, the store).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/e2e/**', 'client/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+events(/|$)',
              allowTypeImports: true,
              message: 'client imports only the types of events (use `import type`).',
            },
          ],
        },
      ],
    },
  },
);
