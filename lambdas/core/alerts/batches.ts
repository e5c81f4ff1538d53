// A closure change for a big council is handed to the alert senders in bounded batches, so no
// single invocation runs near Lambda's 15 minutes however many people follow it
// (docs/alerts.md#send-rate-and-big-councils).
// Each batch carries a slice of the mail and a slice of the texts, sent side by side. The texts
// fill the first batches (in a flood the text is what reaches people first), the mail is spread
// over all of them; mail is the slower channel (14 a second against 20), so texts ride along with
// it rather than queueing behind every mail.

/** People per channel in one batch: 200 mails at 7 a second (half of 14: two senders share the rate) is under 30 s. */
export const ALERT_BATCH_PEOPLE = 200;

export interface ChannelSlices<E, S> {
  email: E[];
  sms: S[];
}

/**
 * Splits an event's mail and text recipients into as few batches as keep each channel at most
 * `size` per batch: the mail spread evenly over them, the texts in the first ones; in order, and
 * every recipient in exactly one batch.
 */
export function spreadIntoBatches<E, S>(email: readonly E[], sms: readonly S[], size = ALERT_BATCH_PEOPLE): ChannelSlices<E, S>[] {
  if (!Number.isInteger(size) || size < 1) throw new Error('batch size must be a positive whole number');
  const count = Math.max(Math.ceil(email.length / size), Math.ceil(sms.length / size));
  const slice = <T>(all: readonly T[], i: number) => all.slice(Math.floor((all.length * i) / count), Math.floor((all.length * (i + 1)) / count));
  return Array.from({ length: count }, (_, i) => ({ email: slice(email, i), sms: sms.slice(i * size, (i + 1) * size) }));
}

/** The senders that may run at once (the queue's workers), each keeping to its share of a rate. */
export const alertSenders = (env: Record<string, string | undefined> = process.env): number => {
  const senders = Number(env.ALERT_SENDERS ?? '1');
  return Number.isInteger(senders) && senders >= 1 ? senders : 1;
};

/** The longest a batch of `size` per channel takes at one sender's share of each channel's rate, in seconds. */
export const batchSecondsAtMost = (size: number, rates: { mail: number; sms: number }, senders: number): number =>
  Math.max(size / (rates.mail / senders), size / (rates.sms / senders));

/**
 * Runs `work` on every item, at most `limit` at once, and only then throws the first failure: a
 * batch reported failed has nothing still in flight, so no claim stands for a message a frozen
 * invocation never sent, and the rest of the batch is not held back by one failure.
 */
export async function forEachSettled<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}
