// What the matrix's cells act on, made on the test stack: closures (by the matrix's admin, through
// the API), reports and content tasks (through the adapters, so no caller's hourly limit is spent),
// photos, enquiries, notifications, announcements, councils with a Stripe customer or a live
// subscription. Places are a grid of the matrix's own, ~1 km apart, so reports never cluster
// together and nothing lands where another test looks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { BUCKETS } from '../../../../local/s3';
import { db } from '../../../../lambdas/adapters/db/db';
import { gql, type Auth } from '../../../support/api';
import { prepareLga, unique } from '../../identity/support';
import { checkoutForm, postForm } from '../../stripe-emulator/harness';
import { FORBES, WEDDIN, matrixAdmin } from './callers';
import type { Cell } from './types';

export async function ok<T = any>(document: string, variables: Record<string, unknown>, auth: Auth): Promise<T> {
  const res = await gql<T>(document, variables, auth);
  if (res.errors) throw new Error(`fixture failed: ${JSON.stringify(res.errors)} for ${document.slice(0, 80)}`);
  return res.data!;
}

// --- places: Forbes 148.00–148.20 E, 33.45–33.55 S and Weddin 148.05–148.10 E, 33.90–33.95 S lie wholly inside their LGAs ---
let forbesSlot = 0;
let weddinSlot = 0;
export function spotIn(lgaCode: string): { lat: number; lng: number } {
  if (lgaCode === WEDDIN) {
    const n = weddinSlot++;
    if (n >= 36) throw new Error('out of Weddin matrix spots');
    return { lat: -33.9 - (n % 6) * 0.01, lng: 148.05 + Math.floor(n / 6) * 0.01 };
  }
  if (lgaCode !== FORBES) throw new Error(`no matrix spots in ${lgaCode}`);
  const n = forbesSlot++;
  if (n >= 200) throw new Error('out of Forbes matrix spots');
  return { lat: -33.45 - (n % 10) * 0.01, lng: 148.0 + Math.floor(n / 10) * 0.01 };
}

const lineNear = ({ lat, lng }: { lat: number; lng: number }, offset = 0) =>
  JSON.stringify({ type: 'LineString', coordinates: [[lng + offset, lat + 0.002], [lng + offset + 0.002, lat + 0.003]] });

export const closureInput = (lgaCode: string, regions = 1) => {
  const spot = spotIn(lgaCode);
  return { lgaCode, type: 'flood', reason: 'Authorization matrix', regions: Array.from({ length: regions }, (_, i) => ({ geometry: lineNear(spot, i * 0.004) })) };
};

// --- closures and photos ---
export async function closureIn(lgaCode: string, regions = 1): Promise<{ id: string; regions: { id: string; geometry: string }[] }> {
  const data = await ok(`mutation($i: ClosureInput!) { createClosure(input: $i) { id regions { id geometry } } }`, { i: closureInput(lgaCode, regions) }, await matrixAdmin());
  return data.createClosure;
}

const shared = new Map<string, Promise<any>>();
function once<T>(k: string, make: () => Promise<T>): Promise<T> {
  if (!shared.has(k)) shared.set(k, make());
  return shared.get(k)!;
}

/**
 * A fixture for one cell. A cell the row expects to succeed uses its fixture up, so it gets its
 * own; the refused cells of a row change nothing, so they share one per LGA (made once).
 */
export function forCell<T>(cell: Cell, name: string, make: () => Promise<T>): Promise<T> {
  return cell.expected === 'ok' ? make() : once(`${name}:refused:${cell.lga}`, make);
}

/** One closure per LGA that read-only cells share. */
export const sharedClosure = (lgaCode: string) => once(`closure:${lgaCode}`, () => closureIn(lgaCode));

export async function deletedClosureIn(lgaCode: string) {
  const closure = await closureIn(lgaCode);
  await ok(`mutation($id: ID!) { deleteClosure(id: $id) { id } }`, { id: closure.id }, await matrixAdmin());
  return closure;
}

/** A photo upload by the caller (for a closure when given: then the admin's, attached to it). */
export async function upload(auth: Auth, closureId?: string): Promise<string> {
  const data = await ok(`mutation($i: MediaUploadInput!) { createMediaUpload(input: $i) { media { id } } }`, { i: { contentType: 'image/png', size: 1000, closureId } }, auth);
  return data.createMediaUpload.media.id;
}

// --- reports and clusters (each report its own cluster: its own spot) ---
export async function reportIn(lgaCode: string, author?: { uid: string; email: string }): Promise<{ id: string; clusterId: string; position: { lat: number; lng: number } }> {
  const { submitReport } = await import('../../../../lambdas/adapters/reports/commands');
  const actor = author ?? { uid: `matrix-author-${unique()}`, email: `matrix-author-${unique()}@matrix.example` };
  const { report } = await submitReport(actor, { type: 'hazard', position: spotIn(lgaCode), description: 'Authorization matrix' });
  return { id: report.id, clusterId: report.clusterId!, position: report.position };
}

// --- content tasks ---
export async function taskIn(lgaCode: string, state: 'draft' | 'awaiting_approval'): Promise<{ id: string; closureId: string }> {
  const { createTask, patchTask } = await import('../../../../lambdas/adapters/comms/tasks');
  const closure = await sharedClosure(lgaCode);
  const task = await createTask({ lgaCode, name: 'Authorization matrix', closureIds: [closure.id], createdBy: 'authorization-matrix' });
  if (state === 'awaiting_approval') {
    const now = Math.floor(Date.now() / 1000);
    await patchTask(task, { initiated: now, completed: now, posts: [{ closureId: closure.id, text: 'ROAD CLOSED (matrix)' }] as never });
  }
  return { id: task.id, closureId: closure.id };
}

// --- disaster events ---
export async function eventIn(lgaCode: string): Promise<{ id: string }> {
  const { createEvent } = await import('../../../../lambdas/adapters/drfa/events');
  return createEvent({ lgaCode, name: `Matrix flood ${unique()}-${Math.random().toString(36).slice(2, 8)}`, startDay: '2026-11-01' }, 'authorization-matrix');
}

/** A labour entry on the council's shared closure (through the adapter). */
export async function workEntryIn(lgaCode: string): Promise<{ id: string; closureId: string }> {
  const { saveEntry } = await import('../../../../lambdas/adapters/drfa/works');
  const closure = await sharedClosure(lgaCode);
  const id = `matrix-${unique()}-${Math.random().toString(36).slice(2, 8)}`;
  await saveEntry(lgaCode, { closureId: closure.id, id, kind: 'labour', hours: 1, fromDay: '2026-11-02' }, { uid: 'authorization-matrix', email: 'matrix@matrix.example' });
  return { id, closureId: closure.id };
}

// --- enquiries and notifications ---
export async function enquiry(): Promise<string> {
  const { createEnquiry } = await import('../../../../lambdas/adapters/admin/enquiries');
  const created = await createEnquiry({ kind: 'enquiry', name: 'Matrix', email: `matrix-enquirer-${unique()}@matrix.example`, message: 'Authorization matrix' });
  return created.id;
}

/** A reminder notification of the user's own, listing one closure (unique id per call). */
export async function reminderFor(uid: string | undefined): Promise<{ id: string; closureId: string }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const id = `${timestamp}-${unique()}${unique()}${unique().slice(0, 8)}`;
  const closureId = `matrix-${unique()}`;
  if (uid) {
    const { withTtl, writeNewNotifications } = await import('../../../../lambdas/adapters/notifications/store');
    const entry = { closureId, type: 'Flood', actioned: false };
    await writeNewNotifications([withTtl({ uid, id, timestamp, title: 'Reminder (matrix)', data: { scheduled: [entry], overdue: [], stale: [] } })]);
  }
  return { id, closureId };
}

// --- announcements (made by the admin; the rows that use them hold the 'announcements' lock) ---
const SET = `mutation($c: String!, $i: UnsealedRoadsInput!) { setUnsealedRoadsStatus(lgaCode: $c, input: $i) { announcement { id } } }`;
export async function announcementIn(lgaCode: string, archived = false): Promise<string> {
  const admin = await matrixAdmin();
  const data = await ok(SET, { c: lgaCode, i: { status: 'CLOSED', message: 'Authorization matrix' } }, admin);
  const id = data.setUnsealedRoadsStatus.announcement.id as string;
  if (archived) await ok(`mutation($id: ID!) { archiveAnnouncement(id: $id) { id } }`, { id }, admin);
  return id;
}

// --- councils: fresh ones (Tasmanian LGAs no other test uses), with Stripe customers and subscriptions ---
const FRESH = ['60210', '60410', '60610', '60810', '61010', '61210', '61510', '61610', '61810', '62010', '62210', '62410'];
let freshNext = 0;
export async function freshLga(options: { emailSuffix?: string; status?: 'active' | 'canceled' } = {}): Promise<string> {
  const code = FRESH[freshNext++];
  if (!code) throw new Error('out of fresh matrix LGAs');
  await prepareLga(code, options.status ?? 'none', options.emailSuffix);
  return code;
}

function stripeKeys() {
  const stack = inject('stack');
  return JSON.parse(readFileSync(path.join(stack.dataDir, 'stripe-keys.json'), 'utf8')) as { secretKey: string };
}

/** Gives the council a customer on the Stripe emulator (what the billing portal needs). */
export async function withStripeCustomer(lgaCode: string): Promise<string> {
  const response = await fetch(`${inject('stack').stripeUrl}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripeKeys().secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: `Matrix council ${lgaCode}` }),
  });
  if (response.status !== 200) throw new Error(`Stripe emulator: ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  await db().entities.customer.patch({ lgaCode }).set({ stripeCustomerId: id }).go();
  return lgaCode;
}

/** A fresh council that checked out and paid (trialing, with a Stripe subscription). */
export async function subscribedLga(): Promise<string> {
  const code = await freshLga();
  const data = await ok(`mutation($i: CheckoutInput!) { createCheckoutSession(input: $i) { url } }`, { i: { lgaCode: code } }, await matrixAdmin());
  const paid = await postForm(data.createCheckoutSession.url, checkoutForm());
  if (paid.status !== 303) throw new Error(`checkout not paid: ${paid.status}`);
  for (let i = 0; i < 100; i++) {
    await fetch(`${inject('stack').stripeUrl}/_emulator/webhooks/flush`, { method: 'POST' });
    const { data: customer } = await db().entities.customer.get({ lgaCode: code }).go();
    if (customer?.stripeSubscriptionId && customer.subscriptionStatus === 'trialing') return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`council ${code} did not become a customer`);
}

/** A quote made once by the admin, which any signed-in user may open. */
export const sharedQuote = () =>
  once('quote', async () => (await ok(`mutation($i: QuoteInput!) { createQuote(input: $i) { id } }`, { i: { lgaCode: FORBES } }, await matrixAdmin())).createQuote.id as string);

/**
 * Makes a rollback of the LGA boundaries safe: the current bundle, copied as it is, becomes a new
 * import (as if an administrator had published the same boundaries again), so the rollback brings
 * back the same boundaries and leaves the LGA records as they are.
 */
export async function republishLgaBoundaries(): Promise<void> {
  const stack = inject('stack');
  const s3 = new S3Client({ region: 'ap-southeast-2', endpoint: `http://127.0.0.1:${stack.ports.s3}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const imports = db().entities.lgaDataImport;
  const { data: [current] } = await imports.query.byTimestamp({}).go({ order: 'desc', limit: 1 });
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKETS.feeds, Key: current.objectKey }));
  const timestamp = Math.max(Math.floor(Date.now() / 1000), current.timestamp + 1);
  const objectKey = `feeds/lga-data/${timestamp}.geojson`;
  const body = Buffer.from(await object.Body!.transformToByteArray());
  await s3.send(new PutObjectCommand({ Bucket: BUCKETS.feeds, Key: objectKey, Body: body, ContentType: object.ContentType, ContentEncoding: object.ContentEncoding }));
  await imports.create({ timestamp, objectKey, lgaCount: current.lgaCount, bytes: current.bytes, source: 'upload' }).go();
}
