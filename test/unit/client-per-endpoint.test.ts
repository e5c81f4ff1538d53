// One process can move from one local stack to the next (`npm run bench` runs each section on its
// own DynamoDB Local and s3rver): the data layer's clients follow the endpoint the environment
// names now, not the first one they saw, and keep one client while it stays the same.
import { afterEach, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../lambdas/adapters/db/client';
import { db } from '../../lambdas/adapters/db/db';
import { feedsS3 } from '../../lambdas/adapters/platform/feeds-bucket';

const saved = { DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, S3_ENDPOINT: process.env.S3_ENDPOINT, TABLE_NAME: process.env.TABLE_NAME };
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

const portOf = async (client: { config: { endpoint?: () => Promise<{ port?: number | string }> } }) => String((await client.config.endpoint!()).port);

describe('clients per endpoint', () => {
  it('the DynamoDB client and the table service follow DYNAMODB_ENDPOINT to the next stack', async () => {
    process.env.TABLE_NAME = 'first-stack';
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:41001';
    const first = dynamoClient();
    const firstDb = db();
    expect(dynamoClient()).toBe(first);
    expect(db()).toBe(firstDb);
    expect(await portOf(first)).toBe('41001');

    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:41002';
    expect(await portOf(dynamoClient())).toBe('41002');
    expect(db()).not.toBe(firstDb);

    process.env.TABLE_NAME = 'second-stack';
    const secondDb = db();
    expect(secondDb).not.toBe(firstDb);
    expect(secondDb.entities.closure.getTableName()).toBe('second-stack');
  });

  it('the feeds bucket client follows S3_ENDPOINT', async () => {
    process.env.S3_ENDPOINT = 'http://127.0.0.1:42001';
    expect(await portOf(feedsS3())).toBe('42001');
    process.env.S3_ENDPOINT = 'http://127.0.0.1:42002';
    expect(await portOf(feedsS3())).toBe('42002');
  });
});
