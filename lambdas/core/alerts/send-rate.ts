// Keeps sending under a rate (messages per second): SES and End User Messaging refuse bursts over
// the account's rate, and one closure change may reach thousands of people at once.
export interface Pacer {
  /** Resolves when the next message may go. */
  next(): Promise<void>;
}

export function pacer(perSecond: number, clock: { now: () => number; sleep: (ms: number) => Promise<void> } = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }): Pacer {
  const gap = 1000 / Math.max(0.001, perSecond);
  let nextAt = 0;
  return {
    async next() {
      const now = clock.now();
      const at = Math.max(now, nextAt);
      nextAt = at + gap;
      if (at > now) await clock.sleep(at - now);
    },
  };
}

/** The SES send rate the app keeps under (messages per second), from configuration. */
export const mailSendRate = (env: Record<string, string | undefined> = process.env): number => {
  const rate = Number(env.ALERT_MAIL_RATE ?? '14');
  return Number.isFinite(rate) && rate > 0 ? rate : 14;
};
