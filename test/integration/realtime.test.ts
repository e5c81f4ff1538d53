// The AppSync realtime protocol on the local stack: an admin watching enquiries receives one
// the moment it is submitted; a resident's subscription is refused by the subscribe-time resolver.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { connectRealtime } from '../support/realtime';

async function subscribe(authorization: Record<string, string>, id: string) {
  const client = connectRealtime(authorization);
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
    const anonymous = connectRealtime({ host: `127.0.0.1:${stack.ports.web}`, Authorization: 'forged.token.value' });
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
