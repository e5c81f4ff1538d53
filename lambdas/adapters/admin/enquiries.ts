// Enquiries (the councils' contact form on /home) and feedback (the Feedback button on every
// page): one store, listed newest first for administrators, with a counter of open ones that
// every change keeps in the same transaction.
import { randomUUID } from 'node:crypto';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';

export const OPEN_ENQUIRIES_COUNTER = 'open-enquiries';

export type EnquiryKind = 'enquiry' | 'feedback';

export interface NewEnquiry {
  kind: EnquiryKind;
  name: string;
  email: string;
  organisation?: string;
  lgaCode?: string;
  message: string;
  page?: string;
  release?: string;
  uid?: string;
}

export async function createEnquiry(input: NewEnquiry) {
  const id = randomUUID();
  const now = nowSeconds();
  const item = { id, ...input, createdAt: now, updatedAt: now };
  await db()
    .transaction.write(({ enquiry, counter }) => [
      enquiry.create(item).commit(),
      counter.update({ name: OPEN_ENQUIRIES_COUNTER, scope: 'TOTAL' }).add({ count: 1 }).commit(),
    ])
    .go();
  return item;
}

export async function getEnquiry(id: string) {
  return (await db().entities.enquiry.get({ id }).go()).data ?? undefined;
}

/** A page of enquiries, newest first; one kind through its own index. */
export async function listEnquiries(options: { kind?: EnquiryKind; limit: number; cursor?: string | null }) {
  const go = { order: 'desc' as const, limit: options.limit, cursor: options.cursor ?? null };
  const { data, cursor } = options.kind
    ? await db().entities.enquiry.query.newestOfKind({ kind: options.kind }).go(go)
    : await db().entities.enquiry.query.newest({}).go(go);
  return { items: data, nextToken: cursor };
}

export async function openEnquiryCount(): Promise<number> {
  const { data } = await db().entities.counter.get({ name: OPEN_ENQUIRIES_COUNTER, scope: 'TOTAL' }).go();
  return Math.max(0, data?.count ?? 0);
}

/**
 * Marks an enquiry handled (or open again) with the counter in one transaction; returns false
 * when it already was in that state (nothing changed).
 */
export async function setEnquiryHandled(id: string, handled: boolean, by: string, replied = false): Promise<boolean> {
  const now = nowSeconds();
  const { canceled } = await db()
    .transaction.write(({ enquiry, counter }) => [
      handled
        ? enquiry
            .patch({ id })
            .set({ handledAt: now, handledBy: by, ...(replied ? { repliedAt: now } : {}) })
            .where(({ handledAt }, { notExists }) => notExists(handledAt))
            .commit()
        : enquiry
            .patch({ id })
            .remove(['handledAt', 'handledBy'])
            .where(({ handledAt }, { exists }) => exists(handledAt))
            .commit(),
      counter.update({ name: OPEN_ENQUIRIES_COUNTER, scope: 'TOTAL' }).add({ count: handled ? -1 : 1 }).commit(),
    ])
    .go();
  return !canceled;
}

/** A reply to an enquiry already handled only records when it was sent. */
export async function markReplied(id: string): Promise<void> {
  await db().entities.enquiry.patch({ id }).set({ repliedAt: nowSeconds() }).go();
}
