import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import house from './eslint/house.js';

const processEnvBan = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration once in apps/api/src/config.ts (STYLE rule 6).',
};

const webNeverImportsApi = {
  group: ['**/apps/api/**', '@shop/api', '@shop/api/*'],
  message: 'The web app never imports the API.',
};

const noTestSupport = {
  group: [
    'vitest',
    'vitest/*',
    '@testing-library/*',
    '~test',
    '~test/*',
    '**/test/**',
    '**/testing',
    '**/*fake*',
  ],
  message:
    'Source code does not import test support, fakes or vitest; they live in apps/web/test (STYLE rule 12).',
};

const webApp = path.join(import.meta.dirname, 'apps/web/app');

/**
 * The zone of a path in the web app: shared (lib, components); the shared entities features/addresses, which
 * the checkout and My account both build on, and features/commerce (as Feature-Sliced Design's entities sit
 * under its features); one feature (features/<name>, admin's sub-folders one zone); or what composes
 * features: routes, and the site's shell (features/layout: header, footer, menus), which puts the search, the
 * newsletter form and the account menu on every page.
 */
function zoneOf(file) {
  const [top, name] = path.relative(webApp, file).split(path.sep);
  if (top === 'lib' || top === 'components') return { layer: 0, zone: 'lib and components' };
  if (top === 'features' && name === 'addresses') return { layer: 0.5, zone: 'features/addresses' };
  // Cart, order, delivery and ledger parts that several features show (cart and checkout, company and admin).
  if (top === 'features' && name === 'commerce') return { layer: 0.5, zone: 'features/commerce' };
  if (top === 'features' && name === 'layout') return { layer: 2, zone: 'features/layout' };
  if (top === 'features') return { layer: 1, zone: `features/${name}` };
  if (top === 'routes') return { layer: 3, zone: 'routes' };
  return null;
}

/**
 * Imports flow one way in the web app (STYLE rule 1), as bulletproof-react's `import/no-restricted-paths` zones
 * have it: a file imports its own zone and the zones below it. So lib and components import no feature, a
 * feature imports no other feature (the shared entities aside), nor the shell, nor a route; the shell and the
 * routes compose features. `~/` and relative imports are resolved against the importing file, so a relative
 * path that climbs out of a feature is caught too. (No eslint-plugin-import here: this is its zones' core.)
 */
const webImportZones = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = source.startsWith('~/')
        ? path.join(webApp, source.slice(2))
        : source.startsWith('.')
          ? path.resolve(path.dirname(context.filename), source)
          : null;
      const to = target && zoneOf(target);
      if (!to || to.zone === from.zone || to.layer < from.layer) return;
      const message =
        from.layer === 0
          ? 'lib and components do not depend on features or routes.'
          : to.layer >= 2
            ? `Features do not import ${to.zone === 'routes' ? 'routes' : 'the shell (features/layout)'}.`
            : `A feature does not import another feature (${from.zone} imports ${to.zone}): move the shared piece to components/ui or lib, or let a route compose them.`;
      context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** A files-scoped `no-restricted-imports` rule. */
function restrictImports(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'coverage/**',
      'apps/api/drizzle/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Module augmentation (React Router's AppLoadContext) extends an interface without adding members.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', processEnvBan],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Imports flow one way (STYLE rule 1): domain <- api, web; in the web app lib, components <- features <- routes.
  restrictImports('packages/domain/**', [
    {
      group: ['**/apps/**', '@shop/api', '@shop/web'],
      message: 'The domain package is pure: it imports no app.',
    },
  ]),
  restrictImports('apps/web/**', [webNeverImportsApi]),
  {
    // Test support is not source (STYLE rule 12): the app's own files import no fakes, fixtures or vitest.
    // A rule's options come from the last block that matches a file, so this block repeats the API ban.
    files: ['apps/web/app/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNeverImportsApi, noTestSupport] }] },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'import-zones': webImportZones } } },
    rules: { 'web/import-zones': 'error' },
  },
  restrictImports('apps/api/**', [
    { group: ['**/apps/web/**', '@shop/web', '~/*'], message: 'The API does not import web code.' },
  ]),
  // Test support is not source (STYLE rule 12). A later no-restricted-imports replaces an earlier one's patterns
  // for the files both match instead of adding to them, so this block repeats the web ban above.
  {
    ...restrictImports('apps/api/src/**', [
      { group: ['**/apps/web/**', '@shop/web', '~/*'], message: 'The API does not import web code.' },
      { group: ['vitest', 'vitest/*'], message: 'Only tests import vitest.' },
      {
        group: ['**/test/**', '**/*fake*'],
        message: 'API source does not import test support or fakes (they live in apps/api/test/).',
      },
    ]),
    ignores: ['apps/api/src/**/*.test.ts'],
  },
  {
    // Where configuration may be read: the one config module, and tooling around the app.
    files: [
      'apps/api/src/config.ts',
      'apps/api/test/**',
      'scripts/**',
      'bench/**',
      'e2e/**',
      '*.config.{ts,js}',
      'apps/web/vite.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // The house rules a rule can see (eslint/house.js; docs/architecture.md "Where code goes").
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { house },
    rules: { 'house/no-issue-numbers': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'house/formatters-at-home': 'error' },
  },
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/web/app/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 700 }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'house/no-foreign-queries': 'error', 'house/no-import-cycles': 'error' },
  },
);
