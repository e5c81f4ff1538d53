// The local stand-in for the alert queue (lambdas/adapters/alerts/alert-queue.ts): in AWS an SQS
// queue feeds the alert sender one batch per invocation, at most two at once, and redelivers a
// batch that failed until it lands in the dead-letter queue. Here the same handler runs in this
// process the same way: two workers, a failed batch tried again after a pause, at most
// MAX_RECEIVES times, then kept aside as a dead letter and logged.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';

/** As the AWS queue's redrive policy: a batch is received at most this many times. */
export const MAX_RECEIVES = 5;

interface Message {
  id: string;
  body: string;
  receives: number;
  done: () => void;
}

export interface LocalAlertQueueOptions {
  /** The alert sender's handler (lambdas/events/alert-fanout.ts), as the queue's event source calls it. */
  run: (event: SQSEvent) => Promise<unknown>;
  /** Batches sent at once (the AWS event source's maximum concurrency). */
  workers?: number;
  /** The pause before a failed batch is received again (SQS: its visibility timeout). */
  retryAfterMs?: number;
  log?: (message: string) => void;
}

export interface LocalAlertQueue {
  /** Queues the batches; resolves once each was sent or set aside as a dead letter. */
  send(bodies: readonly string[]): Promise<void>;
  /** Batches that failed MAX_RECEIVES times. */
  deadLetters: string[];
  /** Drops what is still waiting (the stack is stopping). */
  stop(): void;
}

export function localAlertQueue({ run, workers = 2, retryAfterMs = 1000, log = () => undefined }: LocalAlertQueueOptions): LocalAlertQueue {
  const waiting: Message[] = [];
  const deadLetters: string[] = [];
  let running = 0;
  let stopped = false;

  const receive = async (message: Message) => {
    message.receives++;
    const event = {
      Records: [{ messageId: message.id, body: message.body, attributes: { ApproximateReceiveCount: String(message.receives) }, eventSource: 'aws:sqs' }],
    } as unknown as SQSEvent;
    let failed = false;
    try {
      const response = (await run(event)) as SQSBatchResponse | undefined;
      failed = (response?.batchItemFailures ?? []).length > 0;
    } catch (error) {
      failed = true;
      log(`alert batch ${message.id} failed: ${(error as Error).message}`);
    }
    if (!failed) return message.done();
    if (message.receives >= MAX_RECEIVES) {
      deadLetters.push(message.body);
      log(`alert batch ${message.id} failed ${message.receives} times: kept as a dead letter`);
      return message.done();
    }
    setTimeout(() => {
      waiting.push(message);
      pump();
    }, retryAfterMs).unref();
  };

  const pump = () => {
    while (!stopped && running < workers && waiting.length > 0) {
      const message = waiting.shift()!;
      running++;
      void receive(message).finally(() => {
        running--;
        pump();
      });
    }
  };

  return {
    send(bodies) {
      const sent = bodies.map((body) => new Promise<void>((done) => waiting.push({ id: randomUUID(), body, receives: 0, done })));
      pump();
      return Promise.all(sent).then(() => undefined);
    },
    deadLetters,
    stop() {
      stopped = true;
      waiting.length = 0;
    },
  };
}
