#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build what is stale, then run the local
// stack in one child process (local/start.ts) and pass Ctrl-C / SIGTERM on to it.
// Plain Node on purpose: it must run before any dependency is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const lockInstalled = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(lockInstalled) || statSync(lockInstalled).mtimeMs < statSync(path.join(root, 'package-lock.json')).mtimeMs) {
  console.log('Installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const builtIndex = path.join(root, 'dist', 'web', 'index.html');
const webSources = Math.max(newestMtime(path.join(root, 'web')), statSync(path.join(root, 'lib', 'schema.graphql')).mtimeMs);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < webSources) {
  console.log('Building the web app…');
  run('npm', ['run', '--silent', 'build:web']);
}

if (existsSync(path.join(root, 'scripts', 'build-roads.ts')) && !existsSync(path.join(root, 'data', 'roads', 'build', 'nsw.roadgraph'))) {
  console.log('Building the road graph (first start only)…');
  run(process.execPath, ['--import', 'tsx', 'scripts/build-roads.ts']);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
