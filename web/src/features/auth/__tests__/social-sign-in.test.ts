// Federated sign-in buttons: enabled only for the providers /config.json lists, each starting the
// hosted UI with Cognito's provider name, and the return to /login (Hub events) handled.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn(), signInWithRedirect: vi.fn() }));
vi.mock('aws-amplify/auth', () => auth);
const api = vi.hoisted(() => ({ gql: vi.fn() }));
vi.mock('../../../lib/api', () => api);
type HubCallback = (capsule: { payload: { event: string; data?: unknown } }) => void;
const hub = vi.hoisted(() => ({ listeners: [] as Array<{ channel: string; callback: HubCallback }> }));
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  Hub: {
    listen: (channel: string, callback: HubCallback) => {
      hub.listeners.push({ channel, callback });
      return () => undefined;
    },
  },
}));

const { AppConfigContext } = await import('../../../config/app-config');
const { LoginPage } = await import('../../../app/routes/login');
const { SocialSignIn } = await import('../components/SocialSignIn');
const { startFederatedSignIn } = await import('../federated-sign-in');
const { useOAuthReturn, clearOAuthReturnTarget } = await import('../oauth-return');

const app = { stage: 'dev', local: false, demo: false, version: '0.1.0', mapStyle: '/map-style.json', authFlowType: 'USER_SRP_AUTH' as const };

function renderButtons(socialProviders: string[]): string {
  return renderToStaticMarkup(
    createElement(AppConfigContext.Provider, { value: { ...app, features: { push: false, socialProviders } } },
      createElement(MemoryRouter, { initialEntries: ['/login'] }, createElement(SocialSignIn, { verb: 'Sign in', redirect: null }))),
  );
}

function buttonFor(html: string, label: string): string {
  const button = html.match(new RegExp(`<button[^>]*>Continue with ${label}</button>`))?.[0];
  if (!button) throw new Error(`no ${label} button in ${html}`);
  return button;
}

const emitAuth = (event: string, data?: unknown) => {
  for (const { channel, callback } of hub.listeners) if (channel === 'auth') callback({ payload: { event, data } });
};

beforeEach(() => {
  auth.signInWithRedirect.mockReset();
});

describe('SocialSignIn buttons', () => {
  it('are all disabled with the reason when no provider is configured', () => {
    const html = renderButtons([]);
    for (const label of ['Google', 'Microsoft', 'Facebook']) expect(buttonFor(html, label)).toContain('disabled');
    expect(html).toContain('Google, Microsoft, Facebook: Not configured for this deployment');
  });

  it('are enabled only for the configured providers', () => {
    const html = renderButtons(['Google', 'Microsoft']);
    expect(buttonFor(html, 'Google')).not.toContain('disabled');
    expect(buttonFor(html, 'Microsoft')).not.toContain('disabled');
    expect(buttonFor(html, 'Facebook')).toContain('disabled');
    expect(html).toContain('Facebook: Not configured for this deployment');
    expect(html).not.toContain('Google, ');

    const all = renderButtons(['Google', 'Facebook', 'Microsoft']);
    for (const label of ['Google', 'Microsoft', 'Facebook']) expect(buttonFor(all, label)).not.toContain('disabled');
    expect(all).not.toContain('Not configured');
  });
});

describe('startFederatedSignIn', () => {
  it('passes Google and Facebook by name and Microsoft as the custom OIDC provider, with the redirect as state', async () => {
    auth.signInWithRedirect.mockResolvedValue(undefined);
    expect(await startFederatedSignIn('Google', '/profile')).toBeNull();
    expect(await startFederatedSignIn('Facebook', null)).toBeNull();
    expect(await startFederatedSignIn('Microsoft', '/lga/12900/closures')).toBeNull();
    expect(auth.signInWithRedirect.mock.calls).toEqual([
      [{ provider: 'Google', customState: '/profile' }],
      [{ provider: 'Facebook', customState: undefined }],
      [{ provider: { custom: 'Microsoft' }, customState: '/lga/12900/closures' }],
    ]);
  });

  it('reports a failure to start as "Failed to sign in: {message}"', async () => {
    auth.signInWithRedirect.mockRejectedValue(new Error('oauth param not configured.'));
    expect(await startFederatedSignIn('Google', null)).toBe('Failed to sign in: oauth param not configured.');
  });
});

describe('return from the hosted UI', () => {
  function Target() {
    return createElement('output', null, useOAuthReturn().target ?? 'none');
  }
  const renderTarget = () => renderToStaticMarkup(createElement(Target));
  const renderLogin = () =>
    renderToStaticMarkup(
      createElement(AppConfigContext.Provider, { value: { ...app, features: { push: false, socialProviders: ['Google'] } } },
        createElement(MemoryRouter, { initialEntries: ['/login'] }, createElement(LoginPage))),
    );

  it('keeps the custom state as the target until the login page has used it', () => {
    expect(hub.listeners.some((l) => l.channel === 'auth')).toBe(true);
    expect(renderTarget()).toBe('<output>none</output>');
    emitAuth('customOAuthState', '/profile');
    expect(renderTarget()).toBe('<output>/profile</output>');
    clearOAuthReturnTarget();
    expect(renderTarget()).toBe('<output>none</output>');
  });

  it('shows a failed return on the login page', () => {
    expect(renderLogin()).not.toContain('Failed to sign in');
    emitAuth('signInWithRedirect_failure', { error: new Error('invalid_grant') });
    expect(renderLogin()).toContain('Failed to sign in: invalid_grant');
  });
});

describe('administrators on production', () => {
  const renderProdLogin = () =>
    renderToStaticMarkup(
      createElement(AppConfigContext.Provider, { value: { ...app, stage: 'prod', features: { push: false, socialProviders: ['Google'] } } },
        createElement(MemoryRouter, { initialEntries: ['/login'] }, createElement(LoginPage))),
    );

  it('offers the password form on request only', () => {
    emitAuth('signInWithRedirect_failure', { error: new Error('invalid_grant') });
    const html = renderProdLogin();
    expect(html).not.toContain('type="password"');
    expect(html).toContain('Administrator? Sign in with password and authenticator app');
  });

  it("shows the refusal of an administrator's Google sign-in in plain words, with the password form", () => {
    emitAuth('signInWithRedirect_failure', {
      error: new Error('PreTokenGeneration failed with error Administrators sign in with their password and authenticator app, not with Google, Microsoft or Facebook.'),
    });
    const html = renderProdLogin();
    expect(html).toContain('<p class="form-error" role="alert">Administrators sign in with their password and authenticator app, not with Google, Microsoft or Facebook.</p>');
    expect(html).not.toContain('Failed to sign in');
    expect(html).toContain('type="password"');
  });
});
