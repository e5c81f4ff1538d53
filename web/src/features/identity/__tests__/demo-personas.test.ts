// The test stack does not run in demo mode (DEMO=1), so the persona UI is checked here: the login
// page's markup in and out of demo mode, and the persona sign-in against a mocked API and Amplify.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn(), signInWithRedirect: vi.fn() }));
vi.mock('aws-amplify/auth', () => auth);
const api = vi.hoisted(() => ({ gql: vi.fn() }));
vi.mock('../../../lib/api', () => api);

const { AppConfigContext } = await import('../../../config/app-config');
const { LoginPage } = await import('../../../app/routes/login');
const { signInAsPersona } = await import('../components/DemoPersonas');

const app = { stage: 'local', local: true, demo: false, version: '0.1.0', mapStyle: '/map-style.json', authFlowType: 'USER_PASSWORD_AUTH' as const, features: { push: false, socialProviders: [] } };

function renderLogin(demo: boolean): string {
  return renderToStaticMarkup(
    createElement(AppConfigContext.Provider, { value: { ...app, demo } },
      createElement(MemoryRouter, { initialEntries: ['/login'] }, createElement(LoginPage))),
  );
}

beforeEach(() => {
  auth.signIn.mockReset();
  auth.confirmSignIn.mockReset();
  api.gql.mockReset();
});

describe('login page personas', () => {
  it('shows General public and Council staff only in demo mode', () => {
    const demo = renderLogin(true);
    expect(demo).toContain('Try the demo as');
    expect(demo).toContain('>General public<');
    expect(demo).toContain('>Council staff<');
    const normal = renderLogin(false);
    expect(normal).not.toContain('General public');
    expect(normal).not.toContain('Council staff');
  });

  it('offers the email-link button enabled on every deployment', () => {
    const html = renderLogin(false);
    const button = html.match(/<button[^>]*>Sign in with an email link<\/button>/)?.[0] ?? '';
    expect(button).not.toBe('');
    expect(button).not.toContain('disabled');
  });
});

describe('signInAsPersona', () => {
  it('asks the API for the persona token and answers the custom challenge with it', async () => {
    api.gql.mockResolvedValue({ demoSetActivePersona: { username: 'demo.staff@example.com', token: 'tok-123', expiresAt: 1 } });
    auth.signIn.mockResolvedValue({ nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { step: 'CHOOSE' } } });
    auth.confirmSignIn.mockResolvedValue({ nextStep: { signInStep: 'DONE' } });
    await signInAsPersona('STAFF');
    expect(api.gql.mock.calls[0][1]).toEqual({ persona: 'STAFF' });
    expect(auth.signIn).toHaveBeenCalledWith({ username: 'demo.staff@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'tok-123' });
  });

  it('fails when the API refuses (demo mode off) so the page can say "Failed to set user profile"', async () => {
    api.gql.mockRejectedValue(new Error('Demo mode is not enabled on this site'));
    await expect(signInAsPersona('PUBLIC')).rejects.toThrow('Demo mode is not enabled on this site');
    expect(auth.signIn).not.toHaveBeenCalled();
  });
});
