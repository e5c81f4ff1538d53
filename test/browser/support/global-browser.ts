// Global set-up of the browser project: one Chromium for the whole run, which every test file
// connects to (launchBrowser in browser.ts). Starting Chromium cost each of the 45 files about a
// second (1.2 s under load); a connection costs some 60 ms. Files stay apart as before: each
// works in contexts of its own (fresh cookies, storage, cache and service workers), and closing
// its connection closes every context it opened.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from './chromium';

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(chromiumLaunchOptions());
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (global-browser.ts); absent when the run started none. */
    browserEndpoint?: string;
  }
}
