// The challenge triggers' decisions that need no table: what define answers, that the first
// round and unknown users send nothing, that a link request is never a right answer, and how
// federated user names are read for account linking.
import type { CreateAuthChallengeTriggerEvent, DefineAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as define } from '../../../lambdas/triggers/define-auth-challenge';
import { handler as create } from '../../../lambdas/triggers/create-auth-challenge';
import { handler as verify } from '../../../lambdas/triggers/verify-auth-challenge';
import { federatedIdentity } from '../../../lambdas/triggers/pre-sign-up';

const base = { version: '1', region: 'ap-southeast-2', userPoolId: 'p', userName: 'u', callerContext: { awsSdkVersion: 'x', clientId: 'c' } };

describe('define-auth-challenge', () => {
  it('asks for a custom challenge first and issues tokens after a right answer', async () => {
    const first = await define({ ...base, triggerSource: 'DefineAuthChallenge_Authentication', request: { userAttributes: {}, session: [] }, response: {} } as unknown as DefineAuthChallengeTriggerEvent);
    expect(first.response).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false });
    const done = await define({
      ...base,
      triggerSource: 'DefineAuthChallenge_Authentication',
      request: { userAttributes: {}, session: [{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }] },
      response: {},
    } as unknown as DefineAuthChallengeTriggerEvent);
    expect(done.response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });
});

describe('create-auth-challenge', () => {
  const event = (sessionLength: number, clientMetadata?: Record<string, string>, userNotFound = false) =>
    ({
      ...base,
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: {
        userAttributes: userNotFound ? {} : { sub: 'user-1', email: 'a@example.com' },
        challengeName: 'CUSTOM_CHALLENGE',
        session: Array.from({ length: sessionLength }, () => ({ challengeName: 'CUSTOM_CHALLENGE', challengeResult: false })),
        clientMetadata,
        userNotFound,
      },
      response: {},
    }) as unknown as CreateAuthChallengeTriggerEvent;

  // No table and no SITE_URL here: any attempt to store or send would throw.
  it('sends nothing in the first round', async () => {
    const result = await create(event(0, { action: 'REQUEST_LINK' }));
    expect(result.response.publicChallengeParameters).toEqual({ step: 'CHOOSE' });
    expect(result.response.challengeMetadata).toBe('CHOOSE');
  });

  it('sends nothing to an unknown user, yet looks the same', async () => {
    const result = await create(event(1, { action: 'REQUEST_LINK' }, true));
    expect(result.response.publicChallengeParameters).toEqual({ step: 'LINK_SENT' });
  });

  it('offers a retry without sending when no link was asked for', async () => {
    const result = await create(event(1));
    expect(result.response.publicChallengeParameters).toEqual({ step: 'RETRY' });
  });
});

describe('verify-auth-challenge', () => {
  const event = (request: Record<string, unknown>) =>
    ({ ...base, triggerSource: 'VerifyAuthChallengeResponse_Authentication', request: { userAttributes: { sub: 'user-1' }, privateChallengeParameters: {}, ...request }, response: {} }) as unknown as VerifyAuthChallengeResponseTriggerEvent;

  it('never accepts a request for a link or an unknown user (without touching the table)', async () => {
    expect((await verify(event({ challengeAnswer: 'x', clientMetadata: { action: 'REQUEST_LINK' } }))).response.answerCorrect).toBe(false);
    expect((await verify(event({ challengeAnswer: 'x', userNotFound: true }))).response.answerCorrect).toBe(false);
  });
});

describe('federated user names (pre-sign-up linking)', () => {
  it.each([
    ['google_1234567890', { providerName: 'Google', providerUserId: '1234567890' }],
    ['facebook_10101', { providerName: 'Facebook', providerUserId: '10101' }],
    ['microsoft_abc_def', { providerName: 'Microsoft', providerUserId: 'abc_def' }],
    ['CustomOidc_xyz', { providerName: 'CustomOidc', providerUserId: 'xyz' }],
    ['no-separator', undefined],
    ['_leading', undefined],
    ['trailing_', undefined],
  ])('%s', (userName, expected) => {
    expect(federatedIdentity(userName)).toEqual(expected);
  });
});
