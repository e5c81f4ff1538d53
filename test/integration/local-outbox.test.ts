// The local outbox never misses or holds back a code: six sign-ups in quick succession, three
// times over, each find their confirmation code on /dev/mail. Nothing is sent after a burst, so
// a code held back until more console output arrives would never show: the ceiling only ends a
// broken run; how fast codes arrive is measured by `npm run bench -- outbox`.
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

/** Six sign-ups at once; each starts its own watch the moment cognito-local accepts it. */
async function burst(label: string): Promise<{ emails: string[]; codes: (string | null)[] }> {
  const emails = Array.from({ length: 6 }, (_, i) => `storm-${label}-${i}@example.com`);
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
  return { emails, codes };
}

describe('the local outbox', () => {
  // Bursts after the first matter: cognito-local's log pipeline once held the last boxes of a
  // later burst back until more output came (local/cognito-local-main.cjs writes synchronously).
  it('lists the code of each of six sign-ups in quick succession, burst after burst', { timeout: 120_000 }, async () => {
    const run = Date.now();
    for (const round of [1, 2, 3]) {
      const { emails, codes } = await burst(`${run}-${round}`);
      expect(codes.map((c, i) => [emails[i], c && /^\d{6}$/.test(c)])).toEqual(emails.map((e) => [e, true]));
    }
  });
});
