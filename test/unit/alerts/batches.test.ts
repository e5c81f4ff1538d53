// Splitting an event's mail and texts into bounded batches: each channel at most the batch size
// per batch, spread evenly, every recipient exactly once and in order; the senders' share of a rate.
import { describe, expect, it } from 'vitest';
import { ALERT_BATCH_PEOPLE, alertSenders, batchSecondsAtMost, forEachSettled, spreadIntoBatches } from '../../../lambdas/core/alerts/batches';

const people = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('spreadIntoBatches', () => {
  it('keeps each channel to the batch size, spreads the mail evenly, puts the texts first and keeps everyone once, in order', () => {
    for (const [mail, texts] of [[3000, 500], [450, 60], [201, 0], [0, 401], [12_000, 12_001], [1, 1], [200, 200]] as const) {
      const batches = spreadIntoBatches(people(mail, 'm'), people(texts, 't'));
      expect(batches).toHaveLength(Math.max(Math.ceil(mail / ALERT_BATCH_PEOPLE), Math.ceil(texts / ALERT_BATCH_PEOPLE)));
      expect(batches.flatMap((b) => b.email)).toEqual(people(mail, 'm'));
      expect(batches.flatMap((b) => b.sms)).toEqual(people(texts, 't'));
      for (const b of batches) {
        expect(b.email.length).toBeLessThanOrEqual(ALERT_BATCH_PEOPLE);
        expect(b.sms.length).toBeLessThanOrEqual(ALERT_BATCH_PEOPLE);
      }
      // Mail even: no batch has more than one more than another; texts in the first batches.
      const sizes = batches.map((b) => b.email.length);
      if (sizes.length) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      const texted = batches.map((b) => b.sms.length);
      expect(texted.slice(0, Math.floor(texts / ALERT_BATCH_PEOPLE))).toEqual(texted.slice(0, Math.floor(texts / ALERT_BATCH_PEOPLE)).map(() => ALERT_BATCH_PEOPLE));
    }
  });

  it('makes no batch for nobody and refuses a batch size that is not a positive whole number', () => {
    expect(spreadIntoBatches([], [])).toEqual([]);
    expect(() => spreadIntoBatches(['a'], [], 0)).toThrow();
    expect(() => spreadIntoBatches(['a'], [], 1.5)).toThrow();
  });
});

describe('the senders and their share of the rates', () => {
  it('reads the number of senders from configuration, one when unset or nonsense', () => {
    expect(alertSenders({})).toBe(1);
    expect(alertSenders({ ALERT_SENDERS: '2' })).toBe(2);
    expect(alertSenders({ ALERT_SENDERS: '0' })).toBe(1);
    expect(alertSenders({ ALERT_SENDERS: 'many' })).toBe(1);
  });

  it('a full batch at one of two senders’ share of 14 mails and 20 texts a second takes under 30 s', () => {
    expect(batchSecondsAtMost(ALERT_BATCH_PEOPLE, { mail: 14, sms: 20 }, 2)).toBeCloseTo(200 / 7);
    expect(batchSecondsAtMost(ALERT_BATCH_PEOPLE, { mail: 14, sms: 20 }, 2)).toBeLessThan(30);
  });
});

describe('forEachSettled', () => {
  it('runs every item even when one fails, then throws the first failure', async () => {
    const done: number[] = [];
    const run = forEachSettled([1, 2, 3, 4, 5, 6], 2, async (n) => {
      await new Promise((r) => setTimeout(r, n));
      if (n === 2 || n === 5) throw new Error(`failed ${n}`);
      done.push(n);
    });
    await expect(run).rejects.toThrow('failed 2');
    expect(done.sort()).toEqual([1, 3, 4, 6]);
  });
});
