// The resolver wrapper: arguments parsed by zod with the first message surfaced, sign-in
// required where declared, and unexpected failures masked as Internal without internals.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResolverHandler, field } from '../../lambdas/api/resolver';
import { lgaCode } from '../../lambdas/core/validation';
import { notFound } from '../../lambdas/core/errors';

const handler = createResolverHandler({
  echo: field({ args: z.object({ code: lgaCode }).strict(), access: 'public', resolve: async ({ args }) => args.code }),
  secret: field({ args: z.object({}).strict(), access: 'user', resolve: async () => 'ok' }),
  boom: field({
    args: z.object({}).strict(),
    access: 'public',
    resolve: async () => {
      throw new Error('ConditionalCheckFailed on table road-closures-prod');
    },
  }),
  missing: field({ args: z.object({}).strict(), access: 'public', resolve: async () => Promise.reject(notFound('Closure abc not found')) }),
});

const event = (fieldName: string, args: Record<string, unknown> = {}, identity: unknown = null) =>
  ({ arguments: args, identity, info: { fieldName, parentTypeName: 'Query' }, source: null, request: { headers: {} } }) as unknown as AppSyncResolverEvent<Record<string, unknown>>;
const context = { functionName: 'test', awsRequestId: '1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
const call = (e: AppSyncResolverEvent<Record<string, unknown>>) => handler(e, context);

describe('createResolverHandler', () => {
  it('passes valid arguments through', async () => {
    await expect(call(event('echo', { code: '12900' }))).resolves.toBe('12900');
  });

  it('turns a schema failure into a ValidationError with the schema message', async () => {
    await expect(call(event('echo', { code: 'x' }))).rejects.toMatchObject({ name: 'ValidationError', message: 'Invalid LGA' });
    await expect(call(event('echo', { code: '12900', extra: 1 }))).rejects.toMatchObject({ name: 'ValidationError' });
  });

  it('requires a signed-in caller for user fields', async () => {
    await expect(call(event('secret'))).rejects.toMatchObject({ name: 'Unauthorized' });
  });

  it('keeps typed errors and masks everything else as Internal', async () => {
    await expect(call(event('missing'))).rejects.toMatchObject({ name: 'NotFound', message: 'Closure abc not found' });
    const error = await call(event('boom')).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'Internal', message: 'Something went wrong. Please try again.' });
    expect(String((error as Error).message)).not.toContain('road-closures-prod');
  });
});

describe('keyed writes', () => {
  it('refuse to start without an authorize step: a repeat is answered without running resolve', () => {
    expect(() => createResolverHandler({ createQuote: field({ args: z.object({}).strict(), access: 'user', resolve: async () => 'ok' }) })).toThrow(
      /authorize step checked before a repeat is answered: createQuote/,
    );
    expect(() =>
      createResolverHandler({ createQuote: field({ args: z.object({}).strict(), access: 'user', authorize: async () => {}, resolve: async () => 'ok' }) }),
    ).not.toThrow();
  });

  it('run the authorize step before resolve, and its refusal stops the call', async () => {
    const seen: string[] = [];
    const guarded = createResolverHandler({
      echo: field({
        args: z.object({ code: lgaCode }).strict(),
        access: 'public',
        authorize: async ({ args }) => {
          seen.push('authorize');
          if (args.code === '10050') throw notFound('No');
        },
        resolve: async ({ args }) => {
          seen.push('resolve');
          return args.code;
        },
      }),
    });
    await expect(guarded(event('echo', { code: '12900' }), context)).resolves.toBe('12900');
    await expect(guarded(event('echo', { code: '10050' }), context)).rejects.toMatchObject({ name: 'NotFound' });
    expect(seen).toEqual(['authorize', 'resolve', 'authorize']);
  });
});
