// The layers keep to their rules: nothing deployed imports the local runtime, core stays pure,
// adapters sit below the handlers, the web app ships no server code, and no import goes round in
// a circle. The rules are data in .dependency-cruiser.cjs (each with its reason); this runs them
// on the real tree, and on a small tree that breaks each once, to show every rule can fail.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IFlattenedRuleSet, type IViolation } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/architecture');
/** The code the rules are about: everything that ships or runs, web app and tooling included. */
const SOURCES = ['lambdas', 'lib', 'local', 'web/src', 'bench', 'scripts', 'bin'];

/** One line per broken rule: the rule, the importing file and what it imports (a cycle's whole path). */
function describeViolation(violation: IViolation): string {
  const where = violation.cycle?.length
    ? `${violation.from} → ${violation.cycle.map((step) => step.name).join(' → ')}`
    : `${violation.from} imports ${violation.to}`;
  return `${violation.rule.name}: ${where}`;
}

async function violationsIn(baseDir: string, sources: string[]): Promise<string[]> {
  const config = await extractDepcruiseConfig(path.join(ROOT, '.dependency-cruiser.cjs'));
  const { output } = await cruise(sources, { ...config.options, baseDir, validate: true, ruleSet: config as IFlattenedRuleSet });
  const result = output as ICruiseResult;
  return [...new Set((result.summary.violations ?? []).map(describeViolation))].sort();
}

describe('architecture', () => {
  it('the real tree keeps every layer rule', async () => {
    const violations = await violationsIn(ROOT, SOURCES);
    // On failure the list names each file and the import that breaks its rule.
    expect(violations).toEqual([]);
  }, 120_000);

  it('each rule reports its violation with the file and the import, and a cycle with its whole path', async () => {
    const violations = await violationsIn(FIXTURE, ['lambdas', 'local', 'web']);
    expect(violations).toEqual(
      [
        'adapters-import-no-handlers: lambdas/adapters/store.ts imports lambdas/api/send.ts',
        'core-imports-no-aws-or-vendor-package: lambdas/core/pricing.ts imports ../../../node_modules/@aws-sdk/client-s3/dist-cjs/index.js',
        'core-imports-no-other-layer: lambdas/core/pricing.ts imports lambdas/adapters/store.ts',
        'deployed-code-imports-no-local-runtime: lambdas/api/send.ts imports local/outbox.ts',
        'no-import-cycles: lambdas/core/checkout.ts → lambdas/core/discount.ts → lambdas/core/checkout.ts',
        'web-app-imports-no-server-code: web/src/features/map/MapPage.ts imports lambdas/core/checkout.ts',
      ].sort(),
    );
  }, 120_000);
});
