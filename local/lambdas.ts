// Runs the project's Lambda handlers in this process with Lambda-shaped events and contexts:
// the GraphQL fields of lambdas/api/domains.ts, the Cognito triggers and the schedules.
import type { AppSyncResolverEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDomains } from '../lambdas/api/domains';
import { PROJECT_ROOT } from './settings';

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;

export const TRIGGERS: Record<string, string> = {
  'post-confirmation': 'lambdas/triggers/post-confirmation.ts',
  'pre-sign-up': 'lambdas/triggers/pre-sign-up.ts',
  // cognito-local has no CUSTOM_AUTH: local/custom-auth.ts runs these in process.
  'define-auth-challenge': 'lambdas/triggers/define-auth-challenge.ts',
  'create-auth-challenge': 'lambdas/triggers/create-auth-challenge.ts',
  'verify-auth-challenge': 'lambdas/triggers/verify-auth-challenge.ts',
};

export const SCHEDULES = {
  reminders: { entry: 'lambdas/schedules/reminders.ts', everyMs: 15 * 60_000 },
  hourly: { entry: 'lambdas/schedules/hourly.ts', everyMs: 60 * 60_000 },
  livetraffic: { entry: 'lambdas/schedules/livetraffic.ts', everyMs: 5 * 60_000 },
} as const;

const loaded = new Map<string, Promise<AnyHandler>>();

function loadHandler(entry: string): Promise<AnyHandler> {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(path.join(PROJECT_ROOT, entry)).href).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} exports no handler`);
      return mod.handler;
    });
    loaded.set(entry, handler);
  }
  return handler;
}

export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:ap-southeast-2:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function invoke(entry: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(entry);
  return handler(event, lambdaContext(path.basename(entry, '.ts')));
}

const fieldEntries = new Map<string, string>();
for (const domain of Object.values(apiDomains)) {
  for (const [type, fields] of Object.entries(domain.fields)) {
    for (const field of fields ?? []) fieldEntries.set(`${type}.${field}`, domain.entry);
  }
}

/** The resolver the local AppSync calls for a root field, or undefined when none is wired. */
export function resolverFor(parentTypeName: string, fieldName: string) {
  const entry = fieldEntries.get(`${parentTypeName}.${fieldName}`);
  if (!entry) return undefined;
  return (event: AppSyncResolverEvent<Record<string, unknown>>) => invoke(entry, event);
}
