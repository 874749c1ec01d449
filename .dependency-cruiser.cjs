/**
 * The layering of DESIGN.md, checked by `npm run depcruise` (part of `npm test`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'protocol-imports-no-app',
      comment: 'The protocol is the contract both apps build on: it imports neither of them.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-no-server',
      comment: 'The web app talks to the server through the protocol and HTTP only.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-api-realtime-no-ui',
      comment: 'The API client and the socket layer get their toasts, dialogs and navigation from App (configureApi, connectSession).',
      severity: 'error',
      from: { path: '^apps/web/src/(api|realtime)/' },
      to: { path: '^apps/web/src/(pages|components|router)/' },
    },
    {
      name: 'web-stores-no-pages',
      comment: 'Stores hold state and rules; pages use them, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/stores/' },
      to: { path: '^apps/web/src/pages/' },
    },
    {
      name: 'server-db-realtime-no-domain',
      comment: 'The database and socket layers are infrastructure: they know no domain module.',
      severity: 'error',
      from: { path: '^apps/server/src/(db|realtime)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-modules-no-cycles',
      comment: 'No import cycle runs through two server modules.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/$1/', circular: true },
    },
    {
      name: 'e2e-bench-use-the-testing-entry',
      comment: 'e2e and bench reach the server through its one test entry, @parley/server/testing.',
      severity: 'error',
      from: { path: '^(e2e|bench)/' },
      to: { path: '^apps/server/', pathNot: '^apps/server/src/testing/index[.]ts$' },
    },
    {
      name: 'server-code-no-test-helpers',
      comment: 'Production server code never imports the test helpers.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/testing/', '[.]test[.]ts$'] },
      to: { path: '^apps/server/src/testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
