// The local outbox never misses or delays a code: six sign-ups in quick succession each find
// their confirmation code on /dev/mail within 2 s of cognito-local accepting the sign-up.
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const stack = () => inject('stack');
const DEADLINE_MS = 2000;
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

/** Resolves with the code once it is listed; null when the deadline passes first. */
async function codeWithin(email: string, since: number): Promise<string | null> {
  while (Date.now() - since <= DEADLINE_MS) {
    const code = (await outbox()).find((m) => m.to === email)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

describe('the local outbox', () => {
  it('lists the code of each of six sign-ups in quick succession within 2 s', async () => {
    const run = Date.now();
    const emails = Array.from({ length: 6 }, (_, i) => `storm-${run}-${i}@example.com`);
    // Each sign-up starts its own 2 s watch the moment cognito-local accepts it.
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
