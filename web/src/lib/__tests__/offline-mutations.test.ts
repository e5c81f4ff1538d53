// A change made offline is refused at once with the offline message, never paused until the
// connection returns (TanStack Query's default for mutations) nor dropped when the page is left.
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, gql, OFFLINE_CHANGE_MESSAGE } from '../api';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('a change made offline', () => {
  it('fails at once with the offline message instead of waiting for the connection', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const observer = new MutationObserver(client, { mutationFn: () => gql('mutation { subscribeToLga(code: "40070") { lgas { code } } }') });
    const outcome = await Promise.race([
      observer.mutate().then(() => 'done', (error: Error) => error.message),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 500)),
    ]);
    expect(outcome).toBe(OFFLINE_CHANGE_MESSAGE);
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });
});
