// A network with no internet behind it: navigator.onLine stays true while every request fails.
// A failed API call marks the server unreachable (reads then answer from the device, changes are
// refused at once with the offline message), a probe notices its return, and any answer from
// the server marks it reachable again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gql, OFFLINE_CHANGE_MESSAGE } from '../api';
import { setAmplifyConfig } from '../amplify';
import { FIRST_PROBE_MS, isServerReachable, noteServerReached, onReachabilityChange, PROBE_INTERVAL_MS } from '../server-reachability';

const ENDPOINT = 'https://api.example.test/graphql';
const READ = 'query { lgas { code } }';
const CHANGE = 'mutation { subscribeToLga(code: "40070") { lgas { code } } }';

let network: 'down' | 'up';
const fetchCalls: { url: string; mode?: string }[] = [];

beforeEach(() => {
  setAmplifyConfig({ API: { GraphQL: { endpoint: ENDPOINT, apiKey: 'da2-test', region: 'ap-southeast-2', defaultAuthMode: 'apiKey' } } });
  vi.stubGlobal('navigator', { onLine: true });
  network = 'up';
  fetchCalls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    fetchCalls.push({ url, mode: init.mode });
    if (network === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ data: { lgas: [] } }), { status: 200 });
  });
  noteServerReached();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  noteServerReached();
});

describe('the server cannot be reached while the device says it is online', () => {
  it('marks the server unreachable on a failed read, and reachable on the next answer', async () => {
    const changes: boolean[] = [];
    const stop = onReachabilityChange(() => changes.push(isServerReachable()));
    network = 'down';
    await expect(gql(READ)).rejects.toMatchObject({ errorType: 'NetworkError' });
    expect(isServerReachable()).toBe(false);
    network = 'up';
    await expect(gql(READ)).resolves.toEqual({ lgas: [] });
    expect(isServerReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('counts an error the server sent as an answer: the server is there', async () => {
    network = 'down';
    await gql(READ).catch(() => undefined);
    expect(isServerReachable()).toBe(false);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ errors: [{ message: 'Not allowed', errorType: 'Forbidden' }] }), { status: 200 }));
    await expect(gql(READ)).rejects.toMatchObject({ errorType: 'Forbidden' });
    expect(isServerReachable()).toBe(true);
  });

  it('refuses a change at once with the offline message, sending nothing', async () => {
    network = 'down';
    await gql(READ).catch(() => undefined);
    const sent = fetchCalls.length;
    await expect(gql(CHANGE)).rejects.toMatchObject({ errorType: 'NetworkError', message: OFFLINE_CHANGE_MESSAGE });
    expect(fetchCalls.length).toBe(sent);
  });

  it('probes the API soon after the failure, then every interval until it answers, then says it is reachable', async () => {
    vi.useFakeTimers();
    network = 'down';
    await gql(READ).catch(() => undefined);
    const before = fetchCalls.length;
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_MS);
    expect(fetchCalls.slice(before)).toEqual([{ url: ENDPOINT, mode: 'no-cors' }]);
    expect(isServerReachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 1);
    expect(fetchCalls.length).toBe(before + 1);
    network = 'up';
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCalls.length).toBe(before + 2);
    expect(isServerReachable()).toBe(true);
    // Reachable again: no more probes.
    await vi.advanceTimersByTimeAsync(3 * PROBE_INTERVAL_MS);
    expect(fetchCalls.length).toBe(before + 2);
  });
});
