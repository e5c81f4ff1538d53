// Staff access in the table: an LGA's managers (keyed by email) and access requests, with the
// pending-request counter kept in the same transaction as every change to a request.
import type { StaffRole } from '../../core/access';
import { sortRoles, ANSWERED_REQUEST_TTL_SECONDS, type AccessRequestKey, type AccessRequestStatus } from '../../core/identity/staff-access';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';

export const PENDING_REQUESTS_COUNTER = 'accessRequestsPending';

export interface ManagerRecord {
  lgaCode: string;
  email: string;
  roles: StaffRole[];
  addedBy?: string;
  createdAt?: number;
  updatedAt?: number;
}

export interface AccessRequestRecord {
  lgaCode: string;
  lgaName?: string;
  uid: string;
  requestedAt: number;
  email: string;
  displayName?: string;
  roles: string[];
  status: AccessRequestStatus;
  grantedRoles?: string[];
  respondedBy?: string;
  respondedAt?: number;
}

const toManager = (m: { lgaCode: string; email: string; roles?: string[]; addedBy?: string; createdAt?: number; updatedAt?: number }): ManagerRecord => ({
  lgaCode: m.lgaCode,
  email: m.email,
  roles: sortRoles(m.roles ?? []),
  addedBy: m.addedBy,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

export async function listManagers(lgaCode: string): Promise<ManagerRecord[]> {
  const { data } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  return data.map(toManager);
}

export async function getManager(lgaCode: string, email: string): Promise<ManagerRecord | undefined> {
  const { data } = await db().entities.manager.get({ lgaCode, email }).go();
  return data ? toManager(data) : undefined;
}

/** Whether this email manages any LGA (the `staff` group mirrors it). */
export async function managesAnyLga(email: string): Promise<boolean> {
  const { data } = await db().entities.manager.query.byEmail({ email }).go({ limit: 1 });
  return data.length > 0;
}

/** Creates the manager or replaces their roles (the accounts page edits the whole set). */
export async function putManager(lgaCode: string, email: string, roles: StaffRole[], addedBy: string): Promise<ManagerRecord> {
  await db().entities.manager.upsert({ lgaCode, email, roles, addedBy }).go();
  return (await getManager(lgaCode, email))!;
}

export async function deleteManager(lgaCode: string, email: string): Promise<void> {
  await db().entities.manager.delete({ lgaCode, email }).go();
}

const toRequest = (r: AccessRequestRecord): AccessRequestRecord => ({
  lgaCode: r.lgaCode,
  lgaName: r.lgaName,
  uid: r.uid,
  requestedAt: r.requestedAt,
  email: r.email,
  displayName: r.displayName,
  roles: sortRoles(r.roles ?? []),
  status: r.status,
  grantedRoles: r.grantedRoles ? sortRoles(r.grantedRoles) : undefined,
  respondedBy: r.respondedBy,
  respondedAt: r.respondedAt,
});

export async function requestsOfLga(lgaCode: string): Promise<AccessRequestRecord[]> {
  // Answered requests expire after 30 days, so the partition holds what is pending plus a month.
  const { data } = await db().entities.accessRequest.query.byLga({ lgaCode }).go({ pages: 'all', order: 'desc' });
  const now = nowSeconds();
  return data.filter((r) => !r.expiresAt || r.expiresAt > now).map((r) => toRequest(r as AccessRequestRecord));
}

export async function requestsOfUser(uid: string, options: { includeExpired?: boolean } = {}): Promise<AccessRequestRecord[]> {
  const { data } = await db().entities.accessRequest.query.byUser({ uid }).go({ pages: 'all', order: 'desc' });
  const now = nowSeconds();
  return data.filter((r) => options.includeExpired || !r.expiresAt || r.expiresAt > now).map((r) => toRequest(r as AccessRequestRecord));
}

export async function getAccessRequest(lgaCode: string, key: AccessRequestKey): Promise<AccessRequestRecord | undefined> {
  const { data } = await db().entities.accessRequest.get({ lgaCode, ...key }).go();
  return data ? toRequest(data as AccessRequestRecord) : undefined;
}

export async function pendingRequestCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: PENDING_REQUESTS_COUNTER, scope: lgaCode }).go();
  return Math.max(0, data?.count ?? 0);
}

/** Returns false when an identical request (same user, same second) already exists. */
export async function createAccessRequest(request: Omit<AccessRequestRecord, 'status'>): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ accessRequest, counter }) => [
      accessRequest
        .create({
          lgaCode: request.lgaCode,
          uid: request.uid,
          requestedAt: request.requestedAt,
          email: request.email,
          displayName: request.displayName,
          lgaName: request.lgaName,
          roles: request.roles,
          status: 'pending',
        })
        .commit(),
      counter.update({ name: PENDING_REQUESTS_COUNTER, scope: request.lgaCode }).add({ count: 1 }).commit(),
    ])
    .go();
  return !canceled;
}

/**
 * Answers a pending request in one transaction: its status, the pending counter and, when
 * accepted, the manager item (roles added to any the user already holds). Returns false when
 * the request was no longer pending (answered by someone else in the meantime).
 */
export async function answerAccessRequest(
  request: AccessRequestRecord,
  answer: { decision: 'accepted' | 'rejected'; grantedRoles: StaffRole[]; respondedBy: string },
): Promise<boolean> {
  const now = nowSeconds();
  const { canceled } = await db()
    .transaction.write(({ accessRequest, counter, manager }) => {
      const key = { lgaCode: request.lgaCode, uid: request.uid, requestedAt: request.requestedAt };
      const writes = [
        accessRequest
          .patch(key)
          .set({
            status: answer.decision,
            respondedBy: answer.respondedBy,
            respondedAt: now,
            grantedRoles: answer.grantedRoles,
            expiresAt: now + ANSWERED_REQUEST_TTL_SECONDS,
          })
          .where(({ status }, { eq }) => eq(status, 'pending'))
          .commit(),
        counter.update({ name: PENDING_REQUESTS_COUNTER, scope: request.lgaCode }).add({ count: -1 }).commit(),
      ];
      if (answer.decision === 'accepted') {
        writes.push(
          manager
            .upsert({ lgaCode: request.lgaCode, email: request.email, addedBy: answer.respondedBy })
            .add({ roles: answer.grantedRoles })
            .commit(),
        );
      }
      return writes;
    })
    .go();
  return !canceled;
}

/** Removes a user's requests (account deletion), keeping each LGA's pending count right. */
export async function deleteRequestsOfUser(uid: string): Promise<void> {
  for (const request of await requestsOfUser(uid, { includeExpired: true })) {
    const key = { lgaCode: request.lgaCode, uid: request.uid, requestedAt: request.requestedAt };
    if (request.status === 'pending') {
      await db()
        .transaction.write(({ accessRequest, counter }) => [
          accessRequest.delete(key).where(({ status }, { eq }) => eq(status, 'pending')).commit(),
          counter.update({ name: PENDING_REQUESTS_COUNTER, scope: request.lgaCode }).add({ count: -1 }).commit(),
        ])
        .go();
    } else {
      await db().entities.accessRequest.delete(key).go();
    }
  }
}
