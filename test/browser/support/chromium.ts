// How the browser tests start Chromium, without Vitest: the browser project's global set-up
// (global-browser.ts) starts the one Chromium its test files share, and launchBrowser starts one
// of its own when run without it (the standalone config, against `npm start`).
import type { LaunchOptions } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export function chromiumLaunchOptions(): LaunchOptions {
  // CHROMIUM_EXTRA_ARGS is for diagnosing a failing run by hand; the suite itself never needs it.
  const extra = (process.env.CHROMIUM_EXTRA_ARGS ?? '').split(/\s+/).filter(Boolean);
  return { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, ...extra] };
}
