// A minimal AppSync realtime client for integration tests: the subprotocol header aws-amplify v6
// sends, an inbox of messages and a way to wait for the next one that matches.
import { inject } from 'vitest';
import WebSocket from 'ws';

export type RealtimeMessage = { type: string; id?: string; payload?: any };

export function connectRealtime(authorization: Record<string, string>) {
  const stack = inject('stack');
  const header = Buffer.from(JSON.stringify(authorization)).toString('base64url');
  const socket = new WebSocket(`ws://127.0.0.1:${stack.ports.web}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const inbox: RealtimeMessage[] = [];
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as RealtimeMessage;
    inbox.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const next = (match: (m: RealtimeMessage) => boolean, timeoutMs = 5000) =>
    new Promise<RealtimeMessage>((resolve, reject) => {
      const found = inbox.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error('timed out waiting for a realtime message')), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, next, opened, inbox };
}
