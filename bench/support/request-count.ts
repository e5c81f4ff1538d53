// Counts the DynamoDB and S3 (feeds bucket) commands sent while a piece of work runs, by a
// middleware on each client: the figure a bench prints as "requests", which is what AWS bills.
import { dynamoClient } from '../../lambdas/adapters/db/client';
import { feedsS3 } from '../../lambdas/adapters/platform/feeds-bucket';

export interface Counted<T> {
  value: T;
  ms: number;
  dynamo: number;
  s3: number;
}

export async function countRequests<T>(run: () => Promise<T>): Promise<Counted<T>> {
  const tally = { dynamo: 0, s3: 0 };
  const count = (key: keyof typeof tally) =>
    ((next: (args: unknown) => Promise<unknown>) => (args: unknown) => {
      tally[key]++;
      return next(args);
    }) as never;
  const name = `benchCount${Math.random().toString(36).slice(2)}`;
  dynamoClient().middlewareStack.add(count('dynamo'), { step: 'initialize', name });
  feedsS3().middlewareStack.add(count('s3'), { step: 'initialize', name });
  const started = performance.now();
  try {
    const value = await run();
    return { value, ms: performance.now() - started, ...tally };
  } finally {
    dynamoClient().middlewareStack.remove(name);
    feedsS3().middlewareStack.remove(name);
  }
}
