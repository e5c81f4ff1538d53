// Writes demo data for one council through the product's own paths: closures via the closure
// commands (transactions, map cells, events), subscribers as profiles with an LGA subscription
// (counter in the same transaction), incident reports via the report commands (clustering).
import { randomUUID } from 'node:crypto';
import { ClosureInput } from '../../core/closures/input';
import type { DemoClosurePlan } from '../../core/admin/demo-data';
import { ReportInput } from '../../core/reports/model';
import { createClosureAs } from '../closures/commands';
import { createProfile } from '../identity/principal';
import { submitReport } from '../reports/commands';
import { subscribeToLga } from '../notifications/subscriptions';

const SEED_ACTOR = { uid: 'genseed', displayName: 'Demo data' };
/** Writes in flight at once: fast enough for AppSync's 30 s limit, gentle on the table. */
const CONCURRENCY = 8;

async function inParallel<T, R>(items: T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}
const REPORT_TEXT = ['Water across the road', 'Pothole opening up', 'Tree down after the storm', 'Road sign knocked over'];
const REPORT_TYPES = ['flood', 'hazard', 'storm', 'other'] as const;

export async function writeDemoClosures(lgaCode: string, plans: DemoClosurePlan[], now: number) {
  return inParallel(plans, (plan) => {
    const input = ClosureInput.parse({
      lgaCode,
      type: plan.type,
      reason: plan.reason,
      condition: plan.condition,
      regions: [{ geometry: plan.geometry }],
      scheduledFor: plan.scheduledIn ? now + plan.scheduledIn : undefined,
      estimatedReopening: now + plan.reopensIn,
    });
    return createClosureAs(SEED_ACTOR, input, { source: { type: 'seed' } });
  });
}

/** Demo residents (no sign-in: profiles only, at example.invalid addresses), following the LGA when given. */
export async function writeDemoResidents(count: number, follows?: string): Promise<string[]> {
  return inParallel(Array.from({ length: count }, (_, i) => i), async (i) => {
    const uid = `demo-${randomUUID()}`;
    await createProfile(uid, `${uid}@example.invalid`, `Demo resident ${i + 1}`);
    if (follows) await subscribeToLga(uid, follows);
    return uid;
  });
}

/** Reports near the demo closures' roads, each from a demo resident (the hourly limit is per user). */
export async function writeDemoReports(lgaCode: string, authors: string[], plans: DemoClosurePlan[], count: number, random: () => number, now: number) {
  let written = 0;
  for (let i = 0; i < count && plans.length > 0 && authors.length > 0; i++) {
    const plan = plans[i % plans.length];
    const [lng, lat] = plan.geometry.coordinates[Math.floor(random() * plan.geometry.coordinates.length)];
    const k = Math.floor(random() * REPORT_TYPES.length);
    const input = ReportInput.parse({ lgaCode, type: REPORT_TYPES[k], description: REPORT_TEXT[k], position: { lat, lng } });
    await submitReport({ uid: authors[i % authors.length], displayName: 'Demo resident' }, input, now);
    written++;
  }
  return written;
}
