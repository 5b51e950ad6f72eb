import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** lib/ never imports components/ or app/ (the fetch layer gets its toast injected). */
const UI_AND_APP = [
  {
    group: ['@/components/*', '../components/*', '../../components/*'],
    message: 'lib/ never imports components/: pass it in (see configureApiFetch).',
  },
  { group: ['@/app/*'], message: 'lib/ never imports app/.' },
];
/** Product code never depends on tools: code used only by scripts or tests lives under scripts/lib or tests/helpers. */
const TOOLS = [
  { group: ['@/scripts/*', '@/tests/*'], message: 'Product code never imports scripts/ or tests/.' },
];
/**
 * Client code (components, query options) imports endpoint modules, which hold zod schemas, only for their types:
 * the endpoints themselves load by dynamic import with the first browser request (lib/queries/fetcher.ts), so zod
 * stays out of every page's first load.
 */
const ENDPOINT_MODULES = [
  '@/lib/backend/endpoints/*',
  '@/lib/*/endpoints',
  '@/lib/*/*-endpoints',
  '@/lib/*/*-endpoint',
];
const ENDPOINTS_BY_TYPE = {
  group: ENDPOINT_MODULES,
  allowTypeImports: true,
  message:
    "Import endpoint modules by type here; load them with import('…/endpoints') in the query function.",
};

const BACKEND_WITHOUT_URL_CONTRACTS = {
  group: ['@/lib/search-params/*'],
  message: 'The backend client does not know screen URL contracts: take plain parameters.',
};

/** The first text of a template literal or concatenation that addresses a console screen (esquery regex). */
const CONSOLE_PATH =
  '/^\\/(health|topology|catalog|incidents|playbooks|notifications|logs|settings|view|config)\\b/';
const CONSOLE_LINK_MESSAGE =
  "Build a console link with the target's href builder (lib/<feature>/href.ts or search.ts), not a template literal or string concatenation.";

/**
 * The features (docs/new-screen.md): each has two homes of one name, lib/<feature>/ and components/<feature>/. A
 * feature reaches another only through that feature's index.ts; the platform and the kits reach none.
 */
const FEATURES = [
  'health',
  'topology',
  'catalog',
  'incidents',
  'playbooks',
  'notifications',
  'logs',
  'connections',
  'access',
  'resources',
  'operations',
  'live',
  'palette',
  'status-page',
];
const deepImportsOf = (feature) => [`@/lib/${feature}/*`, `@/components/${feature}/*`];
const OTHER_FEATURES_DEEP = (self) => ({
  group: FEATURES.filter((f) => f !== self).flatMap(deepImportsOf),
  message: 'Import another feature only through its index (@/lib/<feature> or @/components/<feature>).',
});
const ANY_FEATURE = {
  group: FEATURES.flatMap((f) => [`@/lib/${f}`, `@/components/${f}`, ...deepImportsOf(f)]),
  message: 'The platform and the kits never import a feature: take what it needs as a parameter.',
};
/** components/ never imports app/ (kits and features alike). */
const COMPONENTS_WITHOUT_APP = {
  group: ['@/app/*'],
  message: 'components/ never imports app/: move server actions and helpers to lib/.',
};
/** A feature's endpoint modules, which may import each other's schemas. */
const endpointFilesOf = (feature) => [
  `lib/${feature}/**/endpoints.ts`,
  `lib/${feature}/**/*-endpoints.ts`,
  `lib/${feature}/**/*-endpoint.ts`,
];
/** The import fences of a block of files (a later no-restricted-imports entry for the same files replaces this one). */
const fence = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const FEATURE_FILES = FEATURES.flatMap((f) => [`lib/${f}/**/*.{ts,tsx}`, `components/${f}/**/*.{ts,tsx}`]);

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/**', 'tests/**', 'lib/embedded-backend/**'],
    rules: { 'no-console': 'off' },
  },
  // Playwright's fixture callback is called `use`; it is not React's hook.
  { files: ['tests/e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },

  // Layering fences (docs/new-screen.md): what may import what. Each block lists every fence of its files, because
  // a later no-restricted-imports entry for the same files replaces an earlier one.
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: [
      'lib/backend/**',
      'lib/auth/**',
      'lib/queries/**',
      'lib/routes.ts',
      'lib/embedded-backend/**',
      ...FEATURE_FILES,
    ],
    rules: fence([...UI_AND_APP, ...TOOLS, ANY_FEATURE]),
  },
  // The route registry lists every feature's routes; it reads the resource tables' definitions (data, no UI).
  {
    files: ['lib/routes.ts'],
    rules: fence([
      ...UI_AND_APP,
      ...TOOLS,
      { ...ANY_FEATURE, group: ANY_FEATURE.group.filter((g) => !g.startsWith('@/lib/resources')) },
    ]),
  },
  // The embedded backend seeds the demo connections in the shape the connection form writes (the connections index),
  // and pages the health board with the board's own rules (lib/health/board-page.ts), so the two cannot disagree.
  {
    files: ['lib/embedded-backend/**/*.{ts,tsx}'],
    rules: fence([
      ...UI_AND_APP,
      ...TOOLS,
      {
        ...ANY_FEATURE,
        group: ANY_FEATURE.group.filter(
          (g) => g !== '@/lib/connections' && g !== '@/lib/health' && g !== '@/lib/health/*',
        ),
      },
      {
        regex: '^@/lib/health(/(?!(board|board-page|summary-endpoint|types)$).*)?$',
        message: ANY_FEATURE.message,
      },
    ]),
  },
  {
    files: ['lib/queries/**/*.{ts,tsx}'],
    rules: fence([...UI_AND_APP, ...TOOLS, ENDPOINTS_BY_TYPE, ANY_FEATURE]),
  },
  {
    files: ['lib/backend/**/*.{ts,tsx}'],
    ignores: ['lib/backend/backend-access.ts'],
    rules: fence([
      ...UI_AND_APP,
      ...TOOLS,
      ANY_FEATURE,
      BACKEND_WITHOUT_URL_CONTRACTS,
      {
        group: ['@/lib/auth/*', '!@/lib/auth/permissions'],
        allowTypeImports: true,
        message:
          'lib/backend reaches sign-in only through lib/backend/backend-access (and the permission table).',
      },
    ]),
  },
  // Where sign-in and the transport meet: it reads sessions of every mode; lib/auth never imports it (no cycle).
  {
    files: ['lib/backend/backend-access.ts'],
    rules: fence([...UI_AND_APP, ...TOOLS, ANY_FEATURE, BACKEND_WITHOUT_URL_CONTRACTS]),
  },
  {
    files: ['lib/auth/**/*.{ts,tsx}'],
    rules: fence([
      ...UI_AND_APP,
      ...TOOLS,
      ANY_FEATURE,
      {
        group: [
          '@/lib/backend/*',
          '!@/lib/backend/errors',
          '!@/lib/backend/error-status',
          '!@/lib/backend/transport',
        ],
        allowTypeImports: true,
        message: 'lib/auth calls the backend only through lib/backend/transport (errors excepted).',
      },
    ]),
  },
  // The kits (components other than the features' folders) never import a feature.
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: FEATURE_FILES,
    rules: fence([COMPONENTS_WITHOUT_APP, ...TOOLS, ENDPOINTS_BY_TYPE, ANY_FEATURE]),
  },
  // A feature's data and logic: no UI, endpoints of other modules by type (they load in the query function), and other
  // features only through their index.
  ...FEATURES.map((feature) => ({
    files: [`lib/${feature}/**/*.{ts,tsx}`],
    ignores: endpointFilesOf(feature),
    rules: fence([...UI_AND_APP, ...TOOLS, ENDPOINTS_BY_TYPE, OTHER_FEATURES_DEEP(feature)]),
  })),
  // Endpoint modules may import each other (shared schemas), never UI.
  ...FEATURES.map((feature) => ({
    files: endpointFilesOf(feature),
    rules: fence([...UI_AND_APP, ...TOOLS, OTHER_FEATURES_DEEP(feature)]),
  })),
  // A feature's UI.
  ...FEATURES.map((feature) => ({
    files: [`components/${feature}/**/*.{ts,tsx}`],
    rules: fence([COMPONENTS_WITHOUT_APP, ...TOOLS, ENDPOINTS_BY_TYPE, OTHER_FEATURES_DEEP(feature)]),
  })),

  // Links to console screens come from the target's href builder (lib/<feature>/href.ts or its URL contract), never
  // from a template literal or a concatenation (issue 30): the builder owns the route's shape, its parameter names
  // and the encoding of its segments. The builders, the route registry and the embedded backend write paths.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [
      'lib/**/href.ts',
      'lib/**/search.ts',
      'lib/**/*-search.ts',
      'lib/routes.ts',
      'lib/embedded-backend/**',
      'tests/**',
      'scripts/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `TemplateLiteral[quasis.0.value.raw=${CONSOLE_PATH}]`,
          message: CONSOLE_LINK_MESSAGE,
        },
        {
          selector: `BinaryExpression[operator='+'][left.type='Literal'][left.value=${CONSOLE_PATH}]`,
          message: CONSOLE_LINK_MESSAGE,
        },
      ],
    },
  },
);
