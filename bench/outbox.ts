// The local outbox's promise (every confirmation code on /dev/mail within 2 s, also when sign-ups
// come in quick succession), measured on a local stack (the running `npm start`, or one of its
// own: bench/support/stack-target.ts): six sign-ups at once, each timed from cognito-local
// accepting it to its code being listed. The test (test/integration/local-outbox.test.ts) checks
// that no code is missed or held back; the time is here.
//   npm run bench -- outbox
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { setTimeout as sleep } from 'node:timers/promises';
import { against, type SectionOutcome } from './support/report';
import { withStack, type StackTarget } from './support/stack-target';

const SIGN_UPS = 6;
const TARGET_MS = 2_000;
const GIVE_UP_MS = 30_000;

async function listedCode(url: string, email: string): Promise<boolean> {
  const messages = (await (await fetch(`${url}/dev/mail.json`)).json()) as { to: string; code?: string }[];
  return messages.some((m) => m.to === email && m.code);
}

export function benchOutbox(): Promise<SectionOutcome> {
  return withStack(signUpsAtOnce);
}

async function signUpsAtOnce({ url, settings, own }: StackTarget): Promise<SectionOutcome> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { Auth: { Cognito: { userPoolClientId: string } } };
  const cognito = new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `http://127.0.0.1:${settings.ports.cognito}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const run = Date.now();
  const times = await Promise.all(
    Array.from({ length: SIGN_UPS }, async (_, i) => {
      const email = `bench-outbox-${run}-${i}@example.com`;
      await cognito.send(
        new SignUpCommand({
          ClientId: config.Auth.Cognito.userPoolClientId,
          Username: email,
          Password: 'Correct#Horse9',
          UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: 'Bench Resident' }],
        }),
      );
      const accepted = Date.now();
      while (Date.now() - accepted < GIVE_UP_MS) {
        if (await listedCode(url, email)) return Date.now() - accepted;
        await sleep(20);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  const worst = sorted[sorted.length - 1];
  const show = (ms: number) => (Number.isFinite(ms) ? `${ms} ms` : `not listed after ${GIVE_UP_MS / 1000} s`);
  cognito.destroy();
  return {
    printed: [
      `| sign-ups at once | fastest | median | slowest | target |`,
      `| --- | --- | --- | --- | --- |`,
      `| ${SIGN_UPS} | ${show(sorted[0])} | ${show(sorted[Math.floor(sorted.length / 2)])} | ${show(worst)} | every one ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'} |`,
    ].join('\n'),
    inputs: `${SIGN_UPS} synthetic sign-ups at once on ${own ? 'a fresh local stack the bench started' : `the running stack at ${url}`}`,
    figures: [
      against('fastest code listed on /dev/mail after sign-up', show(sorted[0]), `≤ ${TARGET_MS} ms`, sorted[0] <= TARGET_MS),
      against('median', show(sorted[Math.floor(sorted.length / 2)]), `≤ ${TARGET_MS} ms`, sorted[Math.floor(sorted.length / 2)] <= TARGET_MS),
      against('slowest', show(worst), `≤ ${TARGET_MS} ms`, worst <= TARGET_MS),
    ],
  };
}
