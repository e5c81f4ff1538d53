// Users' notification settings as the notification consumers read them: many users at a time.
import { BatchGetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../db/client';
import { db } from '../db/db';

/**
 * The stored notification settings of at most 100 users (absent: never changed). ElectroDB builds
 * the request, the raw client sends it: on a 10,000-subscriber fan-out, ElectroDB's own
 * formatting of the answers took about as long as DynamoDB's reads.
 */
export async function storedNotificationSettings(uids: readonly string[]): Promise<Map<string, unknown>> {
  const settings = new Map<string, unknown>();
  const requests = db().entities.user.get(uids.map((uid) => ({ uid }))).params({ attributes: ['uid', 'notificationSettings'] }) as BatchGetCommandInput[];
  for (const request of requests) {
    let pending: BatchGetCommandInput['RequestItems'] = request.RequestItems;
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt > 0) await new Promise((resume) => setTimeout(resume, 50 * 2 ** Math.min(attempt, 5)));
      if (attempt > 8) throw new Error('notification settings could not be read');
      const answer = await dynamoClient().send(new BatchGetCommand({ RequestItems: pending }));
      for (const items of Object.values(answer.Responses ?? {})) for (const item of items) settings.set(item.uid as string, item.notificationSettings);
      pending = answer.UnprocessedKeys;
    }
  }
  return settings;
}
