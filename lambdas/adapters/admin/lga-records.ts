// Brings the LGA records (names, states, bounding boxes) in line with a published LGA bundle:
// one query of the LGAs index (paged), then an update of each record that differs. Not one
// transaction: a bundle can change hundreds of LGAs; each record is written whole, and the import
// record that makes the bundle current is written only after all of them.
import { bboxCentre, lgaRecordChanges, type LgaRecordChange } from '../../core/admin/lga-records';
import type { BundleFeature } from '../../core/admin/lga-bundle';
import { db } from '../db/db';

/** Updates at a time: DynamoDB Local and a small table both keep up. */
const PARALLEL_WRITES = 10;

async function writeChange(change: LgaRecordChange): Promise<void> {
  const lga = db().entities.lga;
  if (change.isNew) {
    await lga.create({ code: change.code, name: change.name, state: change.state, bbox: change.bbox, centroid: bboxCentre(change.bbox) }).go();
    return;
  }
  await lga.patch({ code: change.code }).set({ name: change.name, bbox: change.bbox, ...(change.state ? { state: change.state } : {}) }).go();
}

/** Returns the codes whose record changed. */
export async function syncLgaRecords(features: readonly BundleFeature[]): Promise<string[]> {
  const { data: existing } = await db().entities.lga.query.all({}).go({ pages: 'all', attributes: ['code', 'name', 'state', 'bbox'] });
  const changes = lgaRecordChanges(features, existing);
  for (let i = 0; i < changes.length; i += PARALLEL_WRITES) {
    await Promise.all(changes.slice(i, i + PARALLEL_WRITES).map(writeChange));
  }
  return changes.map((c) => c.code);
}
