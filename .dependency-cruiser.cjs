/**
 * The layering, checked on every CI run (`npm run lint`, through scripts/lint-deps.mjs, which adds the rule
 * `server-module-cycle`: no two server modules, lib or plugins import each other). Each rule's name is what a
 * violation reports. TypeScript is read through Babel's TypeScript preset: TypeScript 7 has no JavaScript
 * compiler API for dependency-cruiser to use (and its swc parser cannot read .tsx). The preset strips type
 * imports; in the server's files scripts/depcruise-type-imports.cjs keeps them, so its rules count them too.
 */
// The contracts' zod-free modules: every entry point of @rondin/contracts but the main one (docs/decisions/0004).
const contractsExports = require('./packages/contracts/package.json').exports;
const zodFreeContracts = Object.entries(contractsExports)
  .filter(([entry]) => entry !== '.')
  .map(([, target]) => target.source.replace(/^\.\//, 'packages/contracts/').replaceAll('.', '\\.'));
const zodFreeContract = `^(${zodFreeContracts.join('|')})$`;

module.exports = {
  forbidden: [
    {
      name: 'server-not-web',
      comment: 'The server never imports the web app; only packages/contracts is shared.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app never imports the server; only packages/contracts is shared.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'The contracts are shared by both sides, so they import neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-no-zod',
      comment:
        'zod stays out of the browser (docs/decisions/0004): the web app takes types from @rondin/contracts with ' +
        '`import type`, and values from its zod-free entry points (@rondin/contracts/devices, /messages…), never ' +
        'from the main entry, which loads every schema. A value the browser needs moves to a zod-free module ' +
        'with its own entry in packages/contracts/package.json.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: {
        path: ['^packages/contracts/', '(^|/)node_modules/zod/'],
        pathNot: zodFreeContract,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'zod-free-contracts',
      comment:
        'A contracts entry point other than the main one is zod-free, since the web app imports it: it takes only ' +
        'types from zod and from the schema modules, and values from other zod-free modules.',
      severity: 'error',
      from: { path: zodFreeContract },
      to: {
        path: ['^packages/contracts/', '(^|/)node_modules/zod/'],
        pathNot: zodFreeContract,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'repository-not-upward',
      comment: 'A repository owns SQL only: it never imports a service, a route or a plugin.',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: ['\\.service\\.ts$', '\\.routes\\.ts$', '^apps/server/src/plugins/'] },
    },
    {
      name: 'service-not-routes',
      comment: 'A service holds the rules and is called by routes: it never imports a route or a plugin.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: ['\\.routes\\.ts$', '^apps/server/src/plugins/'] },
    },
    {
      name: 'routes-through-services',
      comment: 'A route calls a service, never a repository: the rules live in the service.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'server-lib-is-generic',
      comment: 'apps/server/src/lib holds pieces any module may use: it imports no module and no plugin.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^apps/server/src/modules/', '^apps/server/src/plugins/'] },
    },
    {
      name: 'feature-not-another-feature',
      comment: "A web feature never imports another feature's internals; screens compose features in app/.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-not-features',
      comment: 'components/ and lib/ are shared by the features, so they import none of them.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file: a typo, or a file that moved.',
      severity: 'error',
      from: {},
      // Vite's own specifiers (virtual modules, ?url imports) resolve in the bundler only.
      to: { couldNotResolve: true, pathNot: ['^virtual:', '\\?url$'] },
    },
    {
      name: 'no-circular',
      comment:
        'Modules that import each other cannot be understood, tested or loaded one at a time; in the server, ' +
        'a type import counts too.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.tsbuildinfo$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
