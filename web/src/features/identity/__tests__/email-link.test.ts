import { beforeEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn() }));
vi.mock('aws-amplify/auth', () => auth);

const { requestSignInLink, signInWithSecret } = await import('../email-link');

const challenge = (step: string) => ({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', additionalInfo: { step } } });
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

beforeEach(() => {
  auth.signIn.mockReset();
  auth.confirmSignIn.mockReset();
});

describe('requestSignInLink', () => {
  it('opens a CUSTOM_WITHOUT_SRP sign-in and asks for the link in the second round, with the redirect as client metadata', async () => {
    auth.signIn.mockResolvedValue(challenge('CHOOSE'));
    auth.confirmSignIn.mockResolvedValue(challenge('LINK_SENT'));
    await requestSignInLink('  Someone@Example.COM ', '/profile');
    expect(auth.signIn).toHaveBeenCalledWith({ username: 'someone@example.com', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    expect(auth.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: 'REQUEST_LINK',
      options: { clientMetadata: { action: 'REQUEST_LINK', redirect: '/profile' } },
    });
  });

  it('fails when the server did not confirm that a link went out', async () => {
    auth.signIn.mockResolvedValue(challenge('CHOOSE'));
    auth.confirmSignIn.mockResolvedValue(challenge('RETRY'));
    await expect(requestSignInLink('a@example.com', '/dashboard')).rejects.toThrow(/not support/);
  });
});

describe('signInWithSecret', () => {
  it('answers the first round with the code and finishes', async () => {
    auth.signIn.mockResolvedValue(challenge('CHOOSE'));
    auth.confirmSignIn.mockResolvedValue(done);
    await expect(signInWithSecret('a@example.com', 'the-code')).resolves.toBe('done');
    expect(auth.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'the-code' });
  });

  it('reports a used or expired code as retry', async () => {
    auth.signIn.mockResolvedValue(challenge('CHOOSE'));
    auth.confirmSignIn.mockResolvedValue(challenge('RETRY'));
    await expect(signInWithSecret('a@example.com', 'old-code')).resolves.toBe('retry');
  });

  it('passes on errors from the sign-in service', async () => {
    auth.signIn.mockRejectedValue(new Error('Incorrect username or password.'));
    await expect(signInWithSecret('a@example.com', 'x')).rejects.toThrow('Incorrect username or password.');
  });
});
