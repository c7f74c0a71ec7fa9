// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { existsSync, readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Deep imports into another workspace's sources bypass its public entry: banned everywhere. */
const deepImportBan = {
  group: ['@canopy/*/src', '@canopy/*/src/*', '@canopy/*/src/**'],
  message:
    'Import the public entry of the package (for example "@canopy/embed-core"), not its sources.',
};

/** The portal's feature folders: each may import only itself and src/shared (bulletproof-react). */
const portalFeatures = existsSync('portal/src/features') ? readdirSync('portal/src/features') : [];

/**
 * The emulator's server code in layers, top to bottom: each may import only the layers below it
 * (and itself), so a new arrow back up fails `pnpm lint`. Root files are placed by name. frame/ is
 * browser code built on its own and has its own zone below.
 */
const emulatorLayers = [
  ['index.ts', 'app.ts', 'start-emulator.ts', 'cli.ts', 'cli'],
  ['rest', 'internal', 'landing', 'embed-pages', 'oauth', 'xero'],
  ['test-kit.ts'],
  ['routing'],
  ['policy'],
  ['export'],
  ['query'],
  ['context.ts'],
  ['state'],
  ['reports'],
  ['data'],
  ['auth'],
  ['config.ts'],
  ['knobs'],
  ['validation'],
  ['error-handler.ts'],
  ['errors.ts', 'contract.ts', 'is-record.ts'],
];
const emulatorSrc = './packages/emulator/src';
const emulatorLayerZones = emulatorLayers.slice(1).map((layer, index) => ({
  target: layer.map((entry) => `${emulatorSrc}/${entry}`),
  from: emulatorLayers
    .slice(0, index + 1)
    .flatMap((above) => above.map((entry) => `${emulatorSrc}/${entry}`)),
  message: `The emulator imports downward only (layers in eslint.config.js): ${layer.join(', ')} may not import a layer above it.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/.tmp/**',
      '**/.data/**',
      '**/bench/RESULTS.md',
      'examples/*/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolve workspace packages through the `@canopy/source` export condition (their src).
      'import-x/resolver-next': [
        createNodeResolver({ conditionNames: ['@canopy/source', 'types', 'import', 'default'] }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // ignoreExternal: following imports into packages such as vite crashes import-x's legacy resolver
      // ("node with invalid interface loaded as resolver": it loads vite/dist/node as a resolver).
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [deepImportBan] }],
    },
  },
  {
    // Browser libraries: no Node built-ins may leak into code that ships to pages.
    files: ['packages/embed-core/src/**', 'packages/embed-react/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepImportBan,
            { group: ['node:*'], message: 'Browser library code must not import Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    // powerbi-client compatibility fixes some rejection shapes: validation errors are thrown as
    // arrays of IError, RDL refusals reject with a plain string. Those are the public contract.
    files: ['packages/embed-core/src/**'],
    rules: {
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Fastify route plugins are async by contract even when they register routes synchronously.
    files: ['server/src/routes/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.tsx', 'packages/embed-react/**', 'examples/react-*/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Server: folders import one way — routes → plugins → modules → db → shared (and the root files:
    // config, errors, logger). A module that needs a request (principalOf, actorOf) takes what it
    // needs from the route instead; db/ holds the table types so it never reaches into modules.
    files: ['server/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server/src/shared',
              from: [
                './server/src/db',
                './server/src/modules',
                './server/src/plugins',
                './server/src/routes',
              ],
              message:
                'src/shared is the kernel: it imports nothing of the server but the root files.',
            },
            {
              target: './server/src/db',
              from: ['./server/src/modules', './server/src/plugins', './server/src/routes'],
              message: 'db/ sits below the modules: move what it needs into db/ or src/shared.',
            },
            {
              target: './server/src/modules',
              from: ['./server/src/plugins', './server/src/routes'],
              message:
                'Modules do not know about HTTP: take the value from the route, or move the type to src/shared.',
            },
            {
              target: './server/src/plugins',
              from: './server/src/routes',
              message: 'Plugins are registered before the routes and do not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The emulator's folders import one way (emulatorLayers above).
    files: ['packages/emulator/src/**'],
    ignores: ['packages/emulator/src/frame/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: emulatorLayerZones }] },
  },
  {
    // The emulator's frame/ runs in the embed page's iframe: browser globals, no Node built-ins, and
    // of the emulator only the wire contract and the error table (like embed-core).
    files: ['packages/emulator/src/frame/**', 'packages/emulator/src/landing/preview-main.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepImportBan,
            { group: ['node:*'], message: 'Browser code must not import Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/emulator/src/frame/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${emulatorSrc}/frame`,
              from: emulatorSrc,
              except: ['./frame', './contract.ts', './errors.ts'],
              message: 'frame/ is browser code: it imports only itself, contract.ts and errors.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Portal: no imports between features (they meet only in src/app), one direction shared → features → app.
    files: ['portal/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...portalFeatures.map((feature) => ({
              target: `./portal/src/features/${feature}`,
              from: './portal/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to src/shared.',
            })),
            { target: './portal/src/shared', from: ['./portal/src/features', './portal/src/app'] },
            { target: './portal/src/features', from: './portal/src/app' },
          ],
        },
      ],
    },
  },
  {
    // The SPA reaches the API only through the endpoint table (shared/api/api-client.ts), so a
    // path cannot drift from the server's. The two sign-in calls keep a literal held to the table
    // by their type: importing the table would put zod on /login, over its size budget.
    files: ['portal/src/**'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'portal/src/shared/session/token-refresh.ts',
      'portal/src/features/auth/api/support-contact.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message:
            'Call the API through shared/api/api-client.ts (call, pathOf) and the endpoint table.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message:
            'Call the API through shared/api/api-client.ts (call, pathOf) and the endpoint table.',
        },
      ],
    },
  },
  {
    files: ['**/browser-assets/**', '**/bench/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests may poke at loosely typed wire payloads.
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', '**/bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
