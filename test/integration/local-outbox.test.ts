// The local outbox never misses or holds back a code: six sign-ups in quick succession each find
// their confirmation code on /dev/mail. Nothing is sent after them, so a code held back until
// more console output arrives (a box read only when the next one starts) would never show: the
// ceiling only ends a broken run, how fast codes arrive is not this test's business.
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const stack = () => inject('stack');
const CEILING_MS = 20_000;
let cognito: CognitoIdentityProviderClient;

beforeAll(() => {
  cognito = new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${stack().ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

async function outbox(): Promise<{ to: string; code?: string }[]> {
  return (await (await fetch(`${stack().url}/dev/mail.json`)).json()) as { to: string; code?: string }[];
}

/** Resolves with the code once it is listed; null when the ceiling passes first. */
async function codeWithin(email: string, since: number): Promise<string | null> {
  while (Date.now() - since <= CEILING_MS) {
    const code = (await outbox()).find((m) => m.to === email)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

describe('the local outbox', () => {
  it('lists the code of each of six sign-ups in quick succession', { timeout: 60_000 }, async () => {
    const run = Date.now();
    const emails = Array.from({ length: 6 }, (_, i) => `storm-${run}-${i}@example.com`);
    // Each sign-up starts its own watch the moment cognito-local accepts it.
    const codes = await Promise.all(
      emails.map(async (email) => {
        await cognito.send(
          new SignUpCommand({
            ClientId: stack().userPoolClientId,
            Username: email,
            Password: 'Correct#Horse9',
            UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: 'Storm Resident' }],
          }),
        );
        return codeWithin(email, Date.now());
      }),
    );
    expect(codes.map((c, i) => [emails[i], c && /^\d{6}$/.test(c)])).toEqual(emails.map((e) => [e, true]));
  });
});
