// The layer rules, as data: test/unit/architecture.test.ts runs them inside `npm test`, and the
// same file drives the CLI (`npx depcruise lambdas lib local web/src bench scripts bin`).
// Arrows point down only: api → core, api → adapters → core; see docs/architecture.md.
// A .cjs file because dependency-cruiser is an ES module that loads its configuration with require.

/** Packages that talk to AWS or carry a vendor's runtime: core is plain TypeScript without them. */
const AWS_AND_VENDOR_PACKAGES = '(^|node_modules/)(@aws-sdk|@aws-lambda-powertools|@middy|@smithy|aws-sdk|electrodb|stripe)(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'deployed-code-imports-no-local-runtime',
      comment:
        'Everything under lambdas/ is bundled into a Lambda, where local/ does not exist. The local runtime ' +
        'hands its stand-ins (the outbox, the event sink) in through the adapters’ configuration instead.',
      severity: 'error',
      from: { path: '^lambdas/' },
      to: { path: '^local/' },
    },
    {
      name: 'core-imports-no-other-layer',
      comment:
        'lambdas/core/ is the domain logic, testable without a database or AWS: it may not reach up into ' +
        'handlers or out into adapters.',
      severity: 'error',
      from: { path: '^lambdas/core/' },
      to: { path: '^lambdas/(?!core/)' },
    },
    {
      name: 'core-imports-no-aws-or-vendor-package',
      comment:
        'lambdas/core/ stays pure: no AWS SDK, Powertools, middy, ElectroDB or Stripe. Whatever needs them ' +
        'belongs in an adapter (lambdas/adapters/) or a handler.',
      severity: 'error',
      from: { path: '^lambdas/core/' },
      to: { path: AWS_AND_VENDOR_PACKAGES },
    },
    {
      name: 'adapters-import-no-handlers',
      comment:
        'Adapters sit below the handlers (api → adapters → core). An adapter importing a handler makes the ' +
        'arrow point up and drags a handler’s middleware into every Lambda that uses the adapter.',
      severity: 'error',
      from: { path: '^lambdas/adapters/' },
      to: { path: '^lambdas/(api|events|schedules|triggers|webhooks|media|web)/' },
    },
    {
      name: 'web-app-imports-no-server-code',
      comment:
        'web/src/ is bundled for the browser: server code there would ship handlers, the CDK or the local ' +
        'runtime to every visitor. Tests beside the code (__tests__/) may reach the server to compare.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: '/__tests__/' },
      to: { path: '^(lambdas|lib|local|bin|scripts)/' },
    },
    {
      name: 'no-import-cycles',
      comment:
        'A cycle makes load order matter and the two modules one unit in all but name. Type-only imports ' +
        'vanish when compiled, so a cycle that passes through one is not a cycle at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    // Type-only imports are read (and marked "type-only") so the cycle rule can leave them out.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages are recorded as imported but not read into: the rules are about this project's layers.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '^(cdk\\.out|dist|web/dist)/' },
    enhancedResolveOptions: { conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
