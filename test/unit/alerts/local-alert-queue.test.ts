// The local stand-in of the alert queue: batches run at most `workers` at once, a batch that
// fails (reported or thrown) is received again, and one that keeps failing is set aside as a dead
// letter after MAX_RECEIVES receives, as the AWS queue's redrive policy does.
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { localAlertQueue, MAX_RECEIVES } from '../../../local/alert-queue';

describe('local alert queue', () => {
  it('runs every batch, two at once at most, and receives a failed one again', async () => {
    let running = 0;
    let most = 0;
    const receives = new Map<string, number>();
    const queue = localAlertQueue({
      workers: 2,
      retryAfterMs: 1,
      run: async (event: SQSEvent) => {
        const { body, messageId } = event.Records[0]!;
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        receives.set(body, (receives.get(body) ?? 0) + 1);
        // "b" fails the first time: once reported, as the sender does.
        return { batchItemFailures: body === 'b' && receives.get(body) === 1 ? [{ itemIdentifier: messageId }] : [] };
      },
    });
    await queue.send(['a', 'b', 'c', 'd']);
    expect(Object.fromEntries(receives)).toEqual({ a: 1, b: 2, c: 1, d: 1 });
    expect(most).toBe(2);
    expect(queue.deadLetters).toEqual([]);
  });

  it('keeps a batch that always fails as a dead letter after MAX_RECEIVES receives', async () => {
    let receives = 0;
    const queue = localAlertQueue({
      retryAfterMs: 1,
      run: async () => {
        receives++;
        throw new Error('the mail service is down');
      },
    });
    await queue.send(['x']);
    expect(receives).toBe(MAX_RECEIVES);
    expect(queue.deadLetters).toEqual(['x']);
  });
});
