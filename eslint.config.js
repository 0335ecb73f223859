// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The import direction between the top-level folders, enforced here so a violation fails `npm test`:
// contract (the shapes that cross the wire) and events import nothing of ours; projections imports
// events; api imports contract, events and projections; client imports contract and only the types
// of events; scripts may import anything.
const serverFolders = ['./projections', './api', './scripts'];

/** The folders directly inside `folder` (read from disk, so one added later is fenced in too). */
function foldersIn(folder) {
  return readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// API features do not import each other (api/features.ts composes them): what two need lives in
// a shared folder below them (api/library, api/commands, ...) or in contract/. A feature's tests
// may still set up another feature's state through that feature's `testing/` folder, and nothing
// else of it.
const apiFeatures = foldersIn('./api/features');
const apiFeatureMessage = 'API features do not import each other: move what both need to a shared api/ folder or to contract/.';
const apiFeatureZones = apiFeatures.map((feature) => ({
  target: `./api/features/${feature}`,
  from: './api/features',
  except: [`./${feature}`],
  message: apiFeatureMessage,
}));
const apiFeatureTestZones = apiFeatures.map((feature) => ({
  target: `./api/features/${feature}`,
  from: './api/features',
  except: [`./${feature}`, ...apiFeatures.filter((other) => other !== feature).map((other) => `./${other}/testing`)],
  message: `${apiFeatureMessage} Tests may use another feature's testing/ folder.`,
}));
const apiTestFiles = ['api/features/**/*.test.ts', 'api/features/*/testing/**/*.ts'];

// Inside the client, shared code flows components/lib -> features -> app: a feature
// never imports another feature, the app shell, or anything but the shared folders. One zone per
// feature folder, read from disk, so a feature added later is fenced in without editing this file.
const clientFeatures = foldersIn('./client/src/features');
const clientZones = [
  ...clientFeatures.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'client features do not import each other: move what both need to client/src/lib or client/src/components.',
  })),
  {
    target: './client/src/features',
    from: './client/src/app',
    // The typed hooks hold only the store's types, so they are the one way in.
    except: ['./hooks.ts'],
    message: 'features do not import the app layer (only its typed hooks, app/hooks.ts); the app passes in what a feature needs.',
  },
  {
    target: ['./client/src/lib', './client/src/components'],
    from: ['./client/src/features', './client/src/app'],
    message: 'client/src/lib and client/src/components are shared: they import no feature and not the app layer.',
  },
];

const folderZones = [
  { target: './contract', from: ['./events', './projections', './api', './client', './scripts'], message: 'contract imports nothing of ours (only zod): api and client both import it.' },
  { target: './events', from: ['./contract', './projections', './api', './client', './scripts'], message: 'events imports nothing of ours.' },
  { target: './projections', from: ['./contract', './api', './client', './scripts'], message: 'projections imports only events.' },
  { target: './api', from: ['./client', './scripts'], message: 'api imports only contract, events and projections.' },
  { target: './api/library', from: ['./api/features'], message: 'api/library is shared by features: it imports none of them.' },
  { target: './client', from: serverFolders, message: 'client never imports server code.' },
  ...clientZones,
];

// The client's import bans: the event catalogue's code (its types only), and react-redux's untyped
// hooks (use app/hooks.ts, whose state and dispatch types are the store's).
const eventTypesOnly = {
  regex: '^(\\.\\./)+events(/|$)',
  allowTypeImports: true,
  message: 'client imports only the types of events (use `import type`).',
};
const untypedReduxHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: 'use useAppDispatch, useAppSelector and useAppStore from client/src/app/hooks.ts.',
};
// Tone.js only behind client/src/lib/audio: one audio graph, started in one place, so stems cannot
// be started one by one from a screen.
const toneOutsideAudio = { name: 'tone', message: 'only client/src/lib/audio imports tone: use its StemEngine.' };
const toneSubpathsOutsideAudio = { group: ['tone/*'], message: toneOutsideAudio.message };
// RxDB only behind client/src/lib/db: one database per signed-in session, opened, replicated and
// wiped in one place, and screens get plain documents.
const rxdbOutsideDb = { name: 'rxdb', message: 'only client/src/lib/db imports rxdb: use its hooks and writers.' };
const rxdbSubpathsOutsideDb = { group: ['rxdb/*'], message: rxdbOutsideDb.message };

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
      'import-x/no-restricted-paths': ['error', { zones: [...folderZones, ...apiFeatureZones] }],
    },
  },
  {
    files: apiTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...folderZones, ...apiFeatureTestZones] }] },
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
          paths: [untypedReduxHooks, toneOutsideAudio, rxdbOutsideDb],
          patterns: [eventTypesOnly, toneSubpathsOutsideAudio, rxdbSubpathsOutsideDb],
        },
      ],
    },
  },
  {
    // The audio engine is the one place that drives Tone.js.
    files: ['client/src/lib/audio/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [untypedReduxHooks, rxdbOutsideDb], patterns: [eventTypesOnly, rxdbSubpathsOutsideDb] },
      ],
    },
  },
  {
    // The local database is the one place that drives RxDB.
    files: ['client/src/lib/db/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [untypedReduxHooks, toneOutsideAudio], patterns: [eventTypesOnly, toneSubpathsOutsideAudio] },
      ],
    },
  },
  {
    // The one file that wraps react-redux's hooks in the store's types.
    files: ['client/src/app/hooks.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [toneOutsideAudio, rxdbOutsideDb], patterns: [eventTypesOnly, toneSubpathsOutsideAudio, rxdbSubpathsOutsideDb] },
      ],
    },
  },
);
