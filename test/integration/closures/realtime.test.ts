// onClosureChanged over the AppSync realtime endpoint: an anonymous (API key) subscriber filtered
// by lgaCode receives every closure-changing mutation of that LGA and nothing from others.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import { connectRealtime as connect } from '../../support/realtime';
import { DELETE, REOPEN, RESTORE, createClosure, lineAt, matrixCallers, WEDDIN, type Callers } from './support';

const SUBSCRIPTION = `subscription($lgaCode: String) { onClosureChanged(lgaCode: $lgaCode) { id lgaCode condition active view } }`;

let c: Callers;

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

describe('onClosureChanged', () => {
  it('delivers each change of the LGA to an API-key subscriber filtered by lgaCode', async () => {
    const stack = inject('stack');
    const authorization = { host: `127.0.0.1:${stack.ports.web}`, 'x-api-key': stack.apiKey };
    const client = connect(authorization);
    await new Promise((resolve) => client.socket.once('open', resolve));
    client.socket.send(JSON.stringify({ type: 'connection_init' }));
    await client.next((m) => m.type === 'connection_ack');
    for (const [id, lgaCode] of [['forbes', '12900'], ['weddin', WEDDIN]]) {
      client.socket.send(
        JSON.stringify({
          id,
          type: 'start',
          payload: { data: JSON.stringify({ query: SUBSCRIPTION, variables: { lgaCode } }), extensions: { authorization } },
        }),
      );
      await client.next((m) => m.type === 'start_ack' && m.id === id);
    }

    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.9, -33.35) }] });
    const first = await client.next((m) => m.type === 'data' && m.id === 'forbes' && m.payload.data.onClosureChanged.id === created.id);
    expect(first.payload.data.onClosureChanged).toMatchObject({ lgaCode: '12900', condition: 'closed', active: true });

    await gql(REOPEN, { id: created.id }, c.auth.staff);
    const reopened = await client.next((m) => m.type === 'data' && m.id === 'forbes' && m.payload.data.onClosureChanged.condition === 'opened');
    expect(reopened.payload.data.onClosureChanged).toMatchObject({ id: created.id, view: 'RECENTLY_OPENED' });

    await gql(DELETE, { id: created.id }, c.auth.staff);
    const deleted = await client.next((m) => m.type === 'data' && m.id === 'forbes' && m.payload.data.onClosureChanged.view === 'DELETED');
    expect(deleted.payload.data.onClosureChanged).toMatchObject({ id: created.id, active: false });
    await gql(RESTORE, { id: created.id }, c.auth.staff);
    await client.next((m) => m.type === 'data' && m.id === 'forbes' && m.payload.data.onClosureChanged.view === 'RECENTLY_OPENED' && m.payload.data.onClosureChanged.active);

    // Forbes changes never reach the Weddin subscription.
    expect(client.inbox.filter((m) => m.type === 'data' && m.id === 'weddin')).toEqual([]);
    client.socket.close();
  });
});
