// Internal (IAM-only) mutations that exist so AppSync fires a subscription: AppSync only pushes
// subscription data on mutations, so back-end code (consumers, the Stripe webhook) calls one of
// these with SigV4 in AWS; locally the runtime hands in its in-process publish hook instead.
import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

type LocalPublish = (mutationField: string, result: unknown) => void;
let localPublish: LocalPublish | undefined;

/** Used by local/ only: the local AppSync's publish(mutationField, result). */
export function setLocalPublisher(publish: LocalPublish | undefined): void {
  localPublish = publish;
}

let signer: SignatureV4 | undefined;

/**
 * Publishes `result` to the subscribers of `mutationField`. Locally the result goes straight to
 * the subscribers; in AWS the mutation is called (`query` with `variables`), and AppSync passes
 * its resolver's result on.
 */
export async function publishThroughMutation(mutationField: string, result: unknown, query: string, variables: Record<string, unknown>): Promise<void> {
  if (localPublish) {
    localPublish(mutationField, result);
    return;
  }
  const endpoint = process.env.GRAPHQL_URL;
  if (!endpoint) throw new Error('GRAPHQL_URL is not set');
  const url = new URL(endpoint);
  const request = {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname,
    headers: { host: url.hostname, 'content-type': 'application/json' },
    query: {},
    body: JSON.stringify({ query, variables }),
  };
  signer ??= new SignatureV4({ credentials: defaultProvider(), region: process.env.AWS_REGION ?? 'ap-southeast-2', service: 'appsync', sha256: Sha256 });
  const signed = await signer.sign(request);
  const response = await fetch(endpoint, { method: 'POST', headers: signed.headers as Record<string, string>, body: signed.body as string });
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (!response.ok || body.errors?.length) throw new Error(`${mutationField} failed: ${response.status} ${body.errors?.[0]?.message ?? ''}`);
}
