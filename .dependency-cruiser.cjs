/**
 * The house's dependency rules, checked by `npm run lint` (part of `npm test`): dependencies flow
 * one way, platform <- machines <- projections <- services, and the web client takes the domain's
 * values and only the API's types. `npm run graph` draws the workspaces' graph for docs/architecture.md.
 */
const SOURCE = '^(platform|machines|projections|services|web)/src/';
const TEST_FILE = '\\.test\\.tsx?$|/testing/|\\.contract\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'A module that reaches itself through its imports.',
      from: { path: SOURCE },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders depend one way: a folder that reaches itself through other folders has no place in a layering.',
      scope: 'folder',
      from: { path: '^(platform|machines|projections|services)/src' },
      to: { circular: true },
    },
    {
      name: 'platform-is-the-bottom',
      severity: 'error',
      comment: 'The platform knows nothing of the domain or the product.',
      from: { path: '^platform/' },
      to: { path: '^(machines|projections|services|web)/' },
    },
    {
      name: 'machines-are-pure',
      severity: 'error',
      comment: 'The domain imports nothing of ours: the browser and the server both run it.',
      from: { path: '^machines/' },
      to: { path: '^(platform|projections|services|web)/' },
    },
    {
      name: 'projections-below-services',
      severity: 'error',
      comment: 'Read models know the domain and the platform, never the API.',
      from: { path: '^projections/' },
      to: { path: '^(services|web)/' },
    },
    { name: 'services-below-web', severity: 'error', from: { path: '^services/' }, to: { path: '^web/' } },
    {
      name: 'web-takes-only-server-types',
      severity: 'error',
      comment: 'The web client imports the API only as types (Hono RPC); server values would drag server code into the bundle.',
      from: { path: '^web/' },
      to: { path: '^(platform|projections|services)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment: 'Features compose in app/; what several use lives in components/ or lib/.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    { name: 'shared-layer-below-features', severity: 'error', from: { path: '^web/src/(components|lib|theme)/' }, to: { path: '^web/src/(features|app)/' } },
    {
      name: 'no-tests-in-source',
      severity: 'error',
      comment: 'Only test files reach test support.',
      from: { path: SOURCE, pathNot: TEST_FILE },
      to: { path: '^tests/' },
    },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    // Test files and test support are leaves: their imports are not layering (a source file reaching them is still caught).
    doNotFollow: { path: ['node_modules', '\\.test\\.tsx?$', '^tests/', '/testing/', '\\.contract\\.ts$'] },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.deps.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
    reporterOptions: {
      archi: { collapsePattern: '^(platform|machines|projections|services|web)/src/[^/]+' },
    },
  },
};
