import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumLaunchOptions } from './chromium';

/**
 * APP_URL wins (e.g. the stack of `npm start`); otherwise the stack that the browser project's
 * global setup started; otherwise the documented local default.
 */
export const APP_URL = (process.env.APP_URL ?? inject('stack')?.url ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
export const DEMO_PASSWORD = 'LocalDemo#2026';
export const RESIDENT = 'resident@example.com';
export const STAFF = 'staff@forbes.example';
export const ADMIN = 'admin@example.com';

export { CHROMIUM_FLAGS } from './chromium';

const RESULTS_DIR = path.resolve(import.meta.dirname, '../../../test-results');

export async function launchBrowser(): Promise<Browser> {
  // Fail with a clear reason rather than a navigation timeout when the stack is not running.
  const response = await fetch(`${APP_URL}/config.json`).catch((err: Error) => {
    throw new Error(`The app is not reachable at ${APP_URL} (${err.message}). Start it with \`npm start\` or set APP_URL.`);
  });
  if (!response.ok) throw new Error(`${APP_URL}/config.json answered ${response.status}`);
  // The run's shared Chromium when the browser project started one (global-browser.ts): its
  // close() then closes this file's contexts and leaves Chromium to the next file.
  const endpoint = inject('browserEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions());
}

/**
 * A download saved under test-results/downloads, its path. Download.path() has no file when the
 * browser runs in another process (the run's shared Chromium); saveAs() copies it over.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(RESULTS_DIR, 'downloads', `${randomUUID().slice(0, 8)}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** The cookie that tells a page of the context its device is offline (see setOffline). */
const OFFLINE_COOKIE = 'rc-test-offline';

/**
 * Cuts or restores the context's network as a device losing its signal would. Playwright's
 * setOffline fails every request, but Chromium 150 no longer turns navigator.onLine false with
 * it, and the app reads navigator.onLine (and its offline and online events) to know it is
 * offline. So each page of the context answers navigator.onLine from a cookie, which survives a
 * reload with the network cut, and hears the event.
 */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) await context.addCookies([{ name: OFFLINE_COOKIE, value: '1', url: APP_URL }]);
  else await context.clearCookies({ name: OFFLINE_COOKIE });
  await context.setOffline(offline);
  for (const page of context.pages()) {
    await page.evaluate(`window.dispatchEvent(new Event('${offline ? 'offline' : 'online'}'))`).catch(() => undefined);
  }
}

const OFFLINE_FROM_COOKIE = `Object.defineProperty(Navigator.prototype, 'onLine', {
  configurable: true,
  get() { return !document.cookie.split('; ').includes('${OFFLINE_COOKIE}=1'); },
});`;

export interface PageOptions {
  /**
   * Lets the app install its service worker (offline, push and update tests). Off by default: a
   * new context's worker precaches the whole app shell (about 4 MB, some 3 s of a core) while the
   * test runs, and only the tests about the worker need it.
   */
  serviceWorker?: boolean;
  /** Cookies and web storage the context starts with (a signed-in session: see signedInContext). */
  storageState?: StorageState;
}

type StorageState = Exclude<NonNullable<Parameters<Browser['newContext']>[0]>['storageState'], string | undefined>;

export async function newPage(browser: Browser, viewport = DESKTOP, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: the tests inject axe-core as an inline script, which the app's own CSP rightly forbids.
  const context = await browser.newContext({
    viewport,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    bypassCSP: true,
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    storageState: options.storageState,
  });
  await context.addInitScript(OFFLINE_FROM_COOKIE);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/** Pathname plus search of the page's current URL, e.g. "/login?redirect=%2Fdashboard". */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Signs in through the real form, submitting with Enter as a keyboard user would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${APP_URL}/login`);
  const form = page.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
}

export interface SignedInOptions extends Pick<PageOptions, 'serviceWorker'> {
  viewport?: { width: number; height: number };
  password?: string;
  /** Set-up of the fresh context before its first page opens (permissions, geolocation). */
  prepare?(context: BrowserContext): Promise<void>;
  /** Where sign-in lands; false: any page but the login form (accounts without a dashboard card). */
  landing?: string | false;
}

/** A `prepare` that lets the app read the device's location, set to `place`. */
export const atPlace = (place: { latitude: number; longitude: number }) => async (context: BrowserContext) => {
  await context.grantPermissions(['geolocation'], { origin: APP_URL });
  await context.setGeolocation(place);
};

interface CognitoSettings {
  userPoolClientId: string;
  userPoolEndpoint: string;
}

let cognitoSettings: Promise<CognitoSettings> | undefined;

/** The user pool the app signs in to, as its /config.json tells the browser. */
function appCognito(): Promise<CognitoSettings> {
  cognitoSettings ??= fetch(`${APP_URL}/config.json`)
    .then((response) => response.json() as Promise<{ Auth: { Cognito: CognitoSettings } }>)
    .then((config) => config.Auth.Cognito);
  return cognitoSettings;
}

/**
 * A signed-in session as the sign-in form leaves it on the device: the user pool's tokens, asked
 * for with the same call the local app's form makes (USER_PASSWORD_AUTH), kept under the keys
 * Amplify reads at start. A fresh session each time, so no test depends on another's sign-out.
 */
export async function signedInState(email: string, password = DEMO_PASSWORD): Promise<StorageState> {
  const { userPoolClientId, userPoolEndpoint } = await appCognito();
  const username = email.trim().toLowerCase();
  const response = await fetch(userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPoolClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string }; ChallengeName?: string; message?: string };
  if (!response.ok) throw new Error(`The user pool refused ${username}: ${body.message ?? response.status}`);
  const tokens = body.AuthenticationResult;
  if (!tokens) throw new Error(`${username} has a second sign-in step (${body.ChallengeName}): sign in with signInWithForm`);
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const issuedAt = (JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1], 'base64url').toString()) as { iat: number }).iat;
  const localStorage = Object.entries({
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.accessToken`]: tokens.AccessToken,
    [`${prefix}.${username}.idToken`]: tokens.IdToken,
    [`${prefix}.${username}.refreshToken`]: tokens.RefreshToken,
    [`${prefix}.${username}.signInDetails`]: JSON.stringify({ loginId: username, authFlowType: 'USER_PASSWORD_AUTH' }),
    [`${prefix}.${username}.clockDrift`]: String(issuedAt * 1000 - Date.now()),
  }).map(([name, value]) => ({ name, value }));
  return { cookies: [], origins: [{ origin: APP_URL, localStorage }] };
}

/**
 * A fresh context signed in as `email`, its page still blank: for a test that opens its first
 * page itself (that page then loads once, instead of after the page sign-in lands on).
 */
export async function signedInContext(browser: Browser, email: string, options: Omit<SignedInOptions, 'landing'> = {}): Promise<{ context: BrowserContext; page: Page }> {
  const storageState = await signedInState(email, options.password);
  const { context, page } = await newPage(browser, options.viewport, { serviceWorker: options.serviceWorker, storageState });
  try {
    await options.prepare?.(context);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * A fresh context and page signed in as `email`, on the page sign-in lands on: the signed-in
 * session is on the device (signedInState) and /login sends it on, as after the form. The form
 * itself is tested where sign-in is the subject (signInWithForm).
 */
export async function signedInPage(browser: Browser, email: string, options: SignedInOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedInContext(browser, email, options);
  try {
    await page.goto(`${APP_URL}/login`);
    const landing = options.landing ?? '/dashboard';
    if (landing === false) await page.waitForURL((url) => url.pathname !== '/login');
    else await waitForPath(page, landing);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Waits for the element to appear (the app renders after async auth and data checks). */
export async function isShown(locator: Locator, timeout = 10_000): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}
