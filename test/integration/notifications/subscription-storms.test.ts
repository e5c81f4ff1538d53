// Subscribe and unsubscribe storms: many residents following and unfollowing one closure or one
// LGA at the same moment, each answered, and the counts equal to the subscriptions that exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import { createForbesClosure, freshUser, PARKES, Q, type TestUser } from './support';

const CROWD = 10;
let staff: Auth;
let crowd: TestUser[];

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  crowd = await Promise.all(Array.from({ length: CROWD }, () => freshUser('storm')));
});

/** Every call at once; each must be answered without an error. */
async function storm(calls: [string, Record<string, unknown>, Auth][]): Promise<void> {
  const answers = await Promise.all(calls.map(([query, variables, auth]) => gql(query, variables, auth)));
  expect(answers.flatMap((a) => a.errors ?? [])).toEqual([]);
}

describe('subscription storms', () => {
  it('leave subscriberCount equal to the closure subscriptions that exist', async () => {
    const closure = await createForbesClosure(staff);
    const { id } = closure;
    // Half the residents follow twice, half follow and unfollow, all in flight together.
    await storm(crowd.flatMap((u, i) => [Q.subscribeToClosure, i % 2 ? Q.unsubscribeFromClosure : Q.subscribeToClosure].map((q) => [q, { id }, u.auth] as [string, Record<string, unknown>, Auth])));
    const { closureSubscribers } = await import('../../../lambdas/adapters/notifications/subscriptions');
    const { getClosure } = await import('../../../lambdas/adapters/closures/store');
    const following = (await closureSubscribers(id)).length;
    expect((await getClosure(id, true))!.subscriberCount).toBe(following);

    await storm(crowd.map((u) => [Q.unsubscribeFromClosure, { id }, u.auth] as [string, Record<string, unknown>, Auth]));
    expect(await closureSubscribers(id)).toEqual([]);
    expect((await getClosure(id, true))!.subscriberCount).toBe(0);
  });

  it("leave the LGA's subscriber count moved by exactly the subscriptions made", async () => {
    const { db } = await import('../../../lambdas/adapters/db/db');
    const { lgaSubscriberCount } = await import('../../../lambdas/adapters/notifications/subscriptions');
    const before = await lgaSubscriberCount(PARKES);
    await storm(crowd.flatMap((u, i) => [Q.subscribeToLga, i % 2 ? Q.unsubscribeFromLga : Q.subscribeToLga].map((q) => [q, { code: PARKES }, u.auth] as [string, Record<string, unknown>, Auth])));
    const following = await Promise.all(crowd.map(async (u) => Boolean((await db().entities.lgaSubscription.get({ uid: u.uid, lgaCode: PARKES }).go()).data)));
    expect(await lgaSubscriberCount(PARKES)).toBe(before + following.filter(Boolean).length);

    await storm(crowd.map((u) => [Q.unsubscribeFromLga, { code: PARKES }, u.auth] as [string, Record<string, unknown>, Auth]));
    expect(await lgaSubscriberCount(PARKES)).toBe(before);
  });
});
