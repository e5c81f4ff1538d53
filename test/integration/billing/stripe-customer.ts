// A Stripe customer made straight on the local Stripe emulator, for tests that need a council
// already linked to Stripe without going through checkout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export async function emulatorStripeCustomer(name: string): Promise<string> {
  const stack = inject('stack');
  const { secretKey } = JSON.parse(readFileSync(path.join(stack.dataDir, 'stripe-keys.json'), 'utf8')) as { secretKey: string };
  const response = await fetch(`${stack.stripeUrl}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name }),
  });
  return ((await response.json()) as { id: string }).id;
}
