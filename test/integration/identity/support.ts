// Fixtures for the identity tests: extra users made with the Cognito admin API (on the stack's
// cognito-local port) plus their profile and manager items, LGAs with a customer status and a
// mail domain, and snapshots of a partition to prove that bad input changed nothing.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureCognitoUser } from '../../../local/cognito';
import { db } from '../../../lambdas/adapters/db/db';
import { dynamoClient, tableName } from '../../../lambdas/adapters/db/client';
import { createProfile } from '../../../lambdas/adapters/identity/principal';
import type { CustomerStatus, StaffRole } from '../../../lambdas/core/access';
import { DEMO_PASSWORD, gql, signIn, type GraphQLResponse } from '../../support/api';

export const unique = () => randomUUID().slice(0, 8);

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
}

export async function createUser(options: {
  email?: string;
  name?: string;
  admin?: boolean;
  lgaCode?: string;
  manages?: { lgaCode: string; roles: StaffRole[] }[];
}): Promise<TestUser> {
  const stack = inject('stack');
  const email = options.email ?? `user.${unique()}@example.com`;
  const name = options.name ?? `Test ${email.split('@')[0]}`;
  const { sub } = await ensureCognitoUser(stack.ports.cognitoInternal, stack.userPoolId, { email, name, password: DEMO_PASSWORD, groups: [] });
  await createProfile(sub, email, name);
  if (options.admin || options.lgaCode) {
    await db().entities.user.patch({ uid: sub }).set({ admin: options.admin ?? false, ...(options.lgaCode ? { lgaCode: options.lgaCode } : {}) }).go();
  }
  for (const m of options.manages ?? []) {
    await db().entities.manager.put({ lgaCode: m.lgaCode, email, roles: m.roles, addedBy: 'test' }).go();
  }
  const { accessToken } = await signIn(email);
  return { uid: sub, email, name, token: accessToken };
}

/** A real LGA prepared for a test: its customer status (none = no customer item) and mail domain. */
export async function prepareLga(code: string, status: CustomerStatus, emailSuffix?: string): Promise<string> {
  if (status === 'none') await db().entities.customer.delete({ lgaCode: code }).go();
  else await db().entities.customer.put({ lgaCode: code, subscriptionStatus: status }).go();
  if (emailSuffix) await db().entities.lga.patch({ code }).set({ emailSuffix }).go();
  return code;
}

/** Every item of a partition, raw, sorted: compare before and after to prove nothing changed. */
export async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamoClient().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }),
  );
  return (Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

export type Outcome = 'ok' | 'ValidationError' | 'Unauthorized' | 'Forbidden' | 'NotFound' | 'Conflict' | 'PaymentRequired' | 'Internal';

export function outcomeOf(res: GraphQLResponse): Outcome {
  if (!res.errors?.length) return 'ok';
  return (res.errors[0].errorType ?? 'Unauthorized') as Outcome;
}

export const as = (user: TestUser | null) => (user ? { token: user.token } : { apiKey: true as const });

export async function call<T = Record<string, any>>(query: string, variables: Record<string, unknown>, user: TestUser | null) {
  return gql<T>(query, variables, as(user));
}

export async function outboxFor(email: string): Promise<{ to: string; subject: string; body: string; code?: string; sentAt: number }[]> {
  const stack = inject('stack');
  const mail = (await (await fetch(`${stack.url}/dev/mail.json`)).json()) as { to: string; subject: string; body: string; code?: string; sentAt: number }[];
  return mail.filter((m) => m.to === email);
}
