#!/usr/bin/env node
// `npm test`: type check, build, then the vitest projects in order (unit, unit-local-time, cdk,
// integration on a real local stack, browser tests in headless Chromium against that stack).
// Ends with one plain "N passed, N failed" line summing every project.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const results = [];
let failedSteps = 0;

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (!ok) failedSteps += 1;
  console.log(`${ok ? '✔' : '✖'} ${name} (${seconds} s)`);
  return ok;
}

/** Steps run side by side (each single-threaded, like the two type checks); their lines may interleave. */
async function stepsTogether(steps) {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          console.log(`\n▶ ${name}`);
          const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
          child.on('error', () => resolve({ name, ok: false }));
          child.on('exit', (code) => resolve({ name, ok: code === 0 }));
        }),
    ),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const { name, ok } of outcomes) {
    if (!ok) failedSteps += 1;
    console.log(`${ok ? '✔' : '✖'} ${name} (together: ${seconds} s)`);
  }
}

/** Failed tests (file, name, first message line), so the end of a long CI log says what broke. */
function failuresIn(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${name}: ${firstLine(file.message)}`);
  }
  return failures;
}

function firstLine(text = '') {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';
  // Vitest's JSON report keeps no message for a test that ran out of time.
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out (see the log above)' : line;
}

/** One vitest run of a project (with others run in the same call, counted under its name). */
function vitestProject(project, alongside = []) {
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const report = path.join(root, 'test-results', `${project}.json`);
  const ok = step(`vitest: ${[project, ...alongside].join(' + ')}`, process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...[project, ...alongside].flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report) && statSync(report).mtimeMs > Date.now() - 3_600_000) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    results.push({ project, passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests, failures: failuresIn(json) });
  } else if (!ok) {
    results.push({ project, passed: 0, failed: 1, skipped: 0 });
  }
}

const wanted = (name) => only.length === 0 || only.includes(name);

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  step('npm install', 'npm', ['install', '--no-audit', '--no-fund']);
}
if (wanted('typecheck')) {
  await stepsTogether([
    ['type check (server)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['type check (web)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'web/tsconfig.json', '--noEmit']],
  ]);
}
if (wanted('browser') || wanted('integration')) {
  step('build web app', 'npm', ['run', '--silent', 'build:web']);
}
if (existsSync(path.join(root, 'scripts', 'build-roads.ts')) && !existsSync(path.join(root, 'data', 'roads', 'build', 'nsw.roadgraph'))) {
  step('build road graph', process.execPath, ['--import', 'tsx', 'scripts/build-roads.ts']);
}
for (const project of ['unit', 'cdk', 'integration', 'browser']) {
  if (!wanted(project)) continue;
  // The unit files that mock modules run beside the others, with modules of their own each.
  vitestProject(project, project === 'unit' ? ['unit-isolated'] : []);
  // The unit tests that pin the time zone run in processes of their own (vitest.config.ts).
  if (project === 'unit') vitestProject('unit-local-time');
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.project.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + (failedSteps && results.every((r) => r.failed === 0) ? failedSteps : 0);
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.project}: ${f}`));
if (failures.length > 0) console.log(`\nFailed tests\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
