// Dead-letter queue depths for the diagnostics screen. In AWS the stack names each queue in
// DEAD_LETTER_QUEUES ({"name": "queue URL"}) and grants sqs:GetQueueAttributes on exactly those;
// the call is SQS's JSON API, signed with SigV4. Locally there are no queues (the in-process
// event bus has none), so the answer is null: "not applicable locally".
import { Sha256 } from '@aws-crypto/sha256-js';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

export interface DeadLetterCount {
  name: string;
  messages: number;
}

function configuredQueues(): Record<string, string> | null {
  const raw = process.env.DEAD_LETTER_QUEUES;
  if (!raw) return null;
  return JSON.parse(raw) as Record<string, string>;
}

async function approximateMessages(queueUrl: string, signer: SignatureV4, region: string): Promise<number> {
  const host = `sqs.${region}.amazonaws.com`;
  const body = JSON.stringify({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname: host,
    path: '/',
    headers: { host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.GetQueueAttributes' },
    body,
  });
  const response = await fetch(`https://${host}/`, { method: 'POST', headers: signed.headers as Record<string, string>, body });
  if (!response.ok) throw new Error(`SQS GetQueueAttributes answered ${response.status}`);
  const json = (await response.json()) as { Attributes?: { ApproximateNumberOfMessages?: string } };
  return Number(json.Attributes?.ApproximateNumberOfMessages ?? 0);
}

export async function deadLetterCounts(): Promise<DeadLetterCount[] | null> {
  const queues = configuredQueues();
  if (!queues) return null;
  const region = process.env.AWS_REGION ?? 'ap-southeast-2';
  const signer = new SignatureV4({ service: 'sqs', region, credentials: defaultProvider(), sha256: Sha256 });
  return Promise.all(Object.entries(queues).map(async ([name, url]) => ({ name, messages: await approximateMessages(url, signer, region) })));
}
