// Messages onto an SQS queue (the notification fan-out, the alert batches). The SQS JSON protocol
// is signed here (SigV4), as publish.ts does for AppSync, so no further SDK client is bundled.
import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

const MESSAGES_PER_SEND = 10;
/** SQS's limit for one message and for one SendMessageBatch request. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** Messages grouped into SendMessageBatch requests: at most 10 and 256 KB in all each. */
export function sendBatches(bodies: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = Buffer.byteLength(body);
    if (current.length === MESSAGES_PER_SEND || (current.length > 0 && bytes + size > MAX_MESSAGE_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

let signer: SignatureV4 | undefined;

async function sqs(queueUrl: string, target: string, payload: object): Promise<Record<string, unknown>> {
  // The queue URL's host is the SQS endpoint of its region and partition.
  const url = new URL(queueUrl);
  const region = process.env.AWS_REGION ?? 'ap-southeast-2';
  const endpoint = `${url.protocol}//${url.host}/`;
  const request = {
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    path: '/',
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${target}` },
    query: {},
    body: JSON.stringify({ QueueUrl: queueUrl, ...payload }),
  };
  signer ??= new SignatureV4({ credentials: defaultProvider(), region, service: 'sqs', sha256: Sha256 });
  const signed = await signer.sign(request);
  const response = await fetch(endpoint, { method: 'POST', headers: signed.headers as Record<string, string>, body: signed.body as string });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`SQS ${target} failed: ${response.status} ${String(body.message ?? body.__type ?? '')}`);
  return body;
}

/** Sends the messages, 10 per SendMessageBatch, retrying the entries SQS reports failed. */
export async function sendQueueMessages(queueUrl: string, bodies: readonly string[]): Promise<void> {
  for (const body of bodies) if (Buffer.byteLength(body) > MAX_MESSAGE_BYTES) throw new Error('queue message too large');
  for (const batch of sendBatches(bodies)) {
    let entries = batch.map((MessageBody, i) => ({ Id: `m${i}`, MessageBody }));
    for (let attempt = 0; entries.length > 0; attempt++) {
      const result = (await sqs(queueUrl, 'SendMessageBatch', { Entries: entries })) as { Failed?: { Id: string }[] };
      const failed = new Set((result.Failed ?? []).map((f) => f.Id));
      entries = entries.filter((e) => failed.has(e.Id));
      if (entries.length && attempt >= 4) throw new Error(`${entries.length} queue messages could not be sent`);
      if (entries.length) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
  }
}
