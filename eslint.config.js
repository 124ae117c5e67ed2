import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const processEnvBan = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration once in apps/api/src/config.ts (STYLE rule 6).',
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
  restrictImports('apps/web/**', [
    { group: ['**/apps/api/**', '@shop/api', '@shop/api/*'], message: 'The web app never imports the API.' },
  ]),
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
  restrictImports('apps/web/app/{lib,components}/**', [
    {
      group: ['~/features/*', '~/routes/*', '**/features/**', '**/routes/**'],
      message: 'lib and components do not depend on features or routes.',
    },
  ]),
  restrictImports('apps/web/app/features/**', [
    { group: ['~/routes/*', '**/routes/**'], message: 'Features do not import routes.' },
  ]),
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
);
