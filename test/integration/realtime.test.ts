// The AppSync realtime protocol on the local stack: an admin watching enquiries receives one
// the moment it is submitted; a resident's subscription is refused by the subscribe-time resolver.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { gql, signIn } from '../support/api';

type Message = { type: string; id?: string; payload?: any };

function connect(authorization: Record<string, string>) {
  const stack = inject('stack');
  const header = Buffer.from(JSON.stringify({ host: `127.0.0.1:${stack.ports.web}`, ...authorization })).toString('base64url');
  const socket = new WebSocket(`ws://127.0.0.1:${stack.ports.web}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const inbox: Message[] = [];
  const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as Message;
    inbox.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const next = (match: (m: Message) => boolean, timeoutMs = 5000) =>
    new Promise<Message>((resolve, reject) => {
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

async function subscribe(authorization: Record<string, string>, id: string) {
  const client = connect(authorization);
  await client.opened;
  client.socket.send(JSON.stringify({ type: 'connection_init' }));
  await client.next((m) => m.type === 'connection_ack');
  client.socket.send(
    JSON.stringify({
      id,
      type: 'start',
      payload: {
        data: JSON.stringify({ query: 'subscription { onEnquirySubmitted { id name email message } }', variables: {} }),
        extensions: { authorization },
      },
    }),
  );
  return client;
}

let adminToken: string;
let residentToken: string;

beforeAll(async () => {
  adminToken = (await signIn('admin@example.com')).accessToken;
  residentToken = (await signIn('resident@example.com')).accessToken;
});

describe('realtime subscriptions', () => {
  it('delivers a submitted enquiry to a subscribed administrator', async () => {
    const stack = inject('stack');
    const admin = await subscribe({ host: `127.0.0.1:${stack.ports.web}`, Authorization: adminToken }, 'sub-admin');
    await admin.next((m) => m.type === 'start_ack' && m.id === 'sub-admin');

    const submitted = await gql<{ submitEnquiry: { id: string } }>(
      `mutation { submitEnquiry(input: { name: "Live Test", email: "live@example.com", message: "Ping" }) { id name email message } }`,
    );
    const data = await admin.next((m) => m.type === 'data' && m.id === 'sub-admin');
    expect(data.payload.data.onEnquirySubmitted).toMatchObject({ id: submitted.data!.submitEnquiry.id, name: 'Live Test' });

    admin.socket.send(JSON.stringify({ type: 'stop', id: 'sub-admin' }));
    await admin.next((m) => m.type === 'complete' && m.id === 'sub-admin');
    admin.socket.close();
  });

  it('refuses the same subscription to a resident', async () => {
    const stack = inject('stack');
    const resident = await subscribe({ host: `127.0.0.1:${stack.ports.web}`, Authorization: residentToken }, 'sub-resident');
    const refused = await resident.next((m) => m.id === 'sub-resident' && (m.type === 'error' || m.type === 'start_ack'));
    expect(refused.type).toBe('error');
    expect(JSON.stringify(refused.payload)).toContain('You do not have permission to view this resource');
    resident.socket.close();
  });

  it('refuses a connection without valid credentials', async () => {
    const stack = inject('stack');
    const anonymous = connect({ host: `127.0.0.1:${stack.ports.web}`, Authorization: 'forged.token.value' });
    const outcome = await Promise.race([
      anonymous.opened.then(async () => {
        anonymous.socket.send(JSON.stringify({ type: 'connection_init' }));
        return (await anonymous.next((m) => m.type === 'connection_error' || m.type === 'connection_ack')).type;
      }),
      new Promise<string>((resolve) => anonymous.socket.once('close', () => resolve('closed'))),
    ]).catch(() => 'rejected');
    expect(['connection_error', 'closed', 'rejected']).toContain(outcome);
    anonymous.socket.close();
  });
});
