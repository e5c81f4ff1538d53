// A page's realtime (AppSync websocket) frames, for journeys that check a change arrives live:
// wait until the server has confirmed a subscription before causing the change, then check the
// change came over the socket rather than from a reload or a re-read.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Ends a broken run; a live message on a loaded machine can take seconds, tests promise no number. */
export const LIVE_CEILING_MS = 15_000;

export interface Realtime {
  sent: string[];
  received: string[];
  /** Resolves once the server has acknowledged (start_ack) the page's subscription to `field`. */
  subscribed(field: string): Promise<void>;
  /** Whether a message naming `text` has come over the socket. */
  heard(text: string): boolean;
}

const parse = (payload: string): { type?: string; id?: string } => {
  try {
    return JSON.parse(payload) as { type?: string; id?: string };
  } catch {
    return {};
  }
};

/** Call before the page opens its socket (right after newPage). */
export function watchRealtime(page: Page): Realtime {
  const sent: string[] = [];
  const received: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => sent.push(String(frame.payload)));
    socket.on('framereceived', (frame) => received.push(String(frame.payload)));
  });
  const acknowledged = (field: string) => {
    const ids = sent.filter((f) => f.includes(field)).map(parse).filter((m) => m.type === 'start').map((m) => m.id);
    return received.map(parse).some((m) => m.type === 'start_ack' && ids.includes(m.id));
  };
  return {
    sent,
    received,
    subscribed: async (field) => {
      await expect.poll(() => acknowledged(field), { timeout: LIVE_CEILING_MS }).toBe(true);
    },
    heard: (text) => received.some((f) => f.includes(text)),
  };
}
