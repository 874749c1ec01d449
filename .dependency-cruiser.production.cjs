/**
 * Production server code only (tests and testing/ left out, since a test may reach across modules):
 * no cycle between server module folders. Run by `npm run depcruise` after the main rules.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'server-module-folders-no-cycles',
      comment: 'No cycle between server module folders: A imports B while B, through any path, imports A.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+' },
      to: { path: '^apps/server/src/modules/[^/]+', circular: true },
    },
  ],
  options: { ...base.options, exclude: { path: '(^|/)(node_modules|dist|data|testing)/|[.]test[.]tsx?$' } },
};
