// The single-table entities against DynamoDB Local: the keys docs/data.md#entities names, the GSIs, a
// conditional write that refuses to overwrite, and a transaction that holds together.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../support/api';
import { dynamoClient, tableName } from '../../lambdas/adapters/db/client';
import type { Db } from '../../lambdas/adapters/db/db';

let db: () => Db;

beforeAll(async () => {
  useStackTable();
  ({ db } = await import('../../lambdas/adapters/db/db'));
});

// The stack is shared with the API tests, which count LGAs: leave no test LGA behind.
afterAll(async () => {
  await db().entities.lga.delete({ code: '99901' }).go();
});

const rawItem = async (pk: string, sk: string) =>
  (await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk } }))).Item;

describe('single-table entities', () => {
  it('writes an LGA under LGA#{code}/LGA and lists it on gsi1 LGAS by name', async () => {
    await db().entities.lga.put({ code: '99901', name: 'Aardvark Test Shire', state: 'NSW' }).go();
    const item = await rawItem('LGA#99901', 'LGA');
    expect(item).toMatchObject({ gsi1pk: 'LGAS', gsi1sk: 'Aardvark Test Shire#99901', name: 'Aardvark Test Shire' });
    const listed = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :name)',
        ExpressionAttributeValues: { ':pk': 'LGAS', ':name': 'Aardvark' },
      }),
    );
    expect(listed.Items?.map((i) => i.code)).toEqual(['99901']);
  });

  it('indexes a manager both ways: LGA#/MANAGER#email and gsi1 MANAGER#email/LGA#', async () => {
    await db().entities.manager.put({ lgaCode: '99901', email: 'keys@example.com', roles: ['account_manager'] }).go();
    expect(await rawItem('LGA#99901', 'MANAGER#keys@example.com')).toMatchObject({
      gsi1pk: 'MANAGER#keys@example.com',
      gsi1sk: 'LGA#99901',
    });
    const { data } = await db().entities.manager.query.byEmail({ email: 'keys@example.com' }).go();
    expect(data.map((m) => m.lgaCode)).toEqual(['99901']);
  });

  it('finds a customer by Stripe id on gsi2 and by status on gsi1', async () => {
    await db().entities.customer.put({ lgaCode: '99902', subscriptionStatus: 'trialing', stripeCustomerId: 'cus_TEST1' }).go();
    expect(await rawItem('LGA#99902', 'CUSTOMER')).toMatchObject({
      gsi1pk: 'CUSTOMERS',
      gsi1sk: 'trialing#99902',
      gsi2pk: 'STRIPE#cus_TEST1',
    });
    const { data } = await db().entities.customer.query.byStripeId({ stripeCustomerId: 'cus_TEST1' }).go();
    expect(data[0]?.lgaCode).toBe('99902');
  });

  it('refuses to create a profile twice (conditional write) and keeps the first', async () => {
    await db().entities.user.create({ uid: 'cond-1', email: 'first@example.com', admin: false }).go();
    await expect(db().entities.user.create({ uid: 'cond-1', email: 'second@example.com', admin: true }).go()).rejects.toThrow(
      /conditional request failed/i,
    );
    const item = await rawItem('USER#cond-1', 'PROFILE');
    expect(item).toMatchObject({ email: 'first@example.com', admin: false, gsi1pk: 'EMAIL#first@example.com' });
  });

  it('writes a transaction all or nothing', async () => {
    const write = (email: string) =>
      db()
        .transaction.write(({ customer, manager }) => [
          customer.create({ lgaCode: '99903', subscriptionStatus: 'active' }).commit(),
          manager.create({ lgaCode: '99903', email, roles: ['closure_administrator'] }).commit(),
        ])
        .go();
    const first = await write('tx1@example.com');
    expect(first.canceled).toBe(false);
    // The customer exists now, so the second transaction's create fails and its manager is not written.
    const second = await write('tx2@example.com');
    expect(second.canceled).toBe(true);
    expect(await rawItem('LGA#99903', 'MANAGER#tx1@example.com')).toBeDefined();
    expect(await rawItem('LGA#99903', 'MANAGER#tx2@example.com')).toBeUndefined();
  });

  it('keeps notifications in the user partition with a TTL attribute', async () => {
    await db()
      .entities.notification.put({ uid: 'ttl-1', id: 'n1', timestamp: 1_800_000_000, title: 'Hello', expiresAt: 1_800_604_800 })
      .go();
    expect(await rawItem('USER#ttl-1', 'NOTE#1800000000#n1')).toMatchObject({ expiresAt: 1_800_604_800, title: 'Hello' });
  });
});
