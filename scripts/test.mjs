#!/usr/bin/env node
// `npm test`: type check, build, then the vitest projects in order (unit, unit-local-time, cdk,
// integration on a real local stack, browser tests in headless Chromium against that stack).
// Ends with one plain "N passed, N failed" line summing every project.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
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

function vitestArgs(project) {
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const report = path.join(root, 'test-results', `${project}.json`);
  return { report, args: ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] };
}

function vitestProject(project) {
  const { report, args } = vitestArgs(project);
  collect(project, report, step(`vitest: ${project}`, process.execPath, args));
}

/**
 * The integration project alongside the browser project: the browser run leaves about a third of
 * the two cores idle (its pages wait on timers and the network), which the integration files fill.
 * Integration's output goes to test-results/integration.log and is printed when both have ended,
 * so the browser run's lines stay readable as they come.
 */
async function integrationBesideBrowser() {
  const integration = vitestArgs('integration');
  const browser = vitestArgs('browser');
  const logPath = path.join(root, 'test-results', 'integration.log');
  const log = openSync(logPath, 'w');
  const run = (name, command, args, stdio) =>
    new Promise((resolve) => {
      const started = Date.now();
      console.log(`\n▶ vitest: ${name}${name === 'integration' ? ' (alongside the browser tests; its output follows at the end)' : ''}`);
      const child = spawn(command, args, { cwd: root, stdio });
      const done = (ok) => {
        if (!ok) failedSteps += 1;
        resolve({ ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      };
      child.on('error', () => done(false));
      child.on('exit', (code) => done(code === 0));
    });
  // Integration at the lowest priority (its stacks too, as its children): it takes the cores the
  // browser run leaves idle and gives them back at once when a page has work, so the browser
  // tests keep their own pace (at equal priority they ran 170 s slower).
  const nice = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', '19', process.execPath]] : [process.execPath, []];
  const [i, b] = await Promise.all([
    run('integration', nice[0], [...nice[1], ...integration.args], ['ignore', log, log]),
    run('browser', process.execPath, browser.args, 'inherit'),
  ]);
  closeSync(log);
  console.log(`\n--- vitest: integration (its output, ${logPath}) ---`);
  console.log(readFileSync(logPath, 'utf8'));
  for (const [name, r] of [['integration', i], ['browser', b]]) console.log(`${r.ok ? '✔' : '✖'} vitest: ${name} (together: ${r.seconds} s)`);
  collect('integration', integration.report, i.ok);
  collect('browser', browser.report, b.ok);
}

function collect(project, report, ok) {
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
const together = wanted('integration') && wanted('browser') && process.env.TEST_SEQUENTIAL !== '1';
for (const project of ['unit', 'cdk', 'integration', 'browser']) {
  if (!wanted(project) || (together && (project === 'integration' || project === 'browser'))) continue;
  vitestProject(project);
  // The unit tests that pin the time zone run in processes of their own (vitest.config.ts).
  if (project === 'unit') vitestProject('unit-local-time');
}
if (together) await integrationBesideBrowser();

console.log('\nSummary');
for (const r of results) console.log(`  ${r.project.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + (failedSteps && results.every((r) => r.failed === 0) ? failedSteps : 0);
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.project}: ${f}`));
if (failures.length > 0) console.log(`\nFailed tests\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
