// Brings councils whose mail domain (emailSuffix) was set before the council-by-mail-domain lookup
// existed into it: reads the LGA list (the LGAS index, a Query, never a Scan) and puts one lookup
// item per mail domain. Idempotent; a counter marks it done so the local stack's start-up runs it
// once. In AWS: `npm run backfill:mail-domains` (docs/operations.md#backfills).
import { normaliseEmailSuffix } from '../../core/access';
import { db } from '../db/db';

const DONE = { name: 'migrations#mail-domains', scope: 'v1' };

export async function backfillMailDomains(options: { force?: boolean } = {}): Promise<{ written: number; skipped: boolean }> {
  if (!options.force && (await db().entities.counter.get(DONE).go()).data) return { written: 0, skipped: true };
  const { data } = await db().entities.lga.query.all({}).go({ pages: 'all', attributes: ['code', 'emailSuffix'] });
  let written = 0;
  for (const lga of data) {
    const domain = normaliseEmailSuffix(lga.emailSuffix);
    if (!domain) continue;
    await db().entities.mailDomain.put({ domain, lgaCode: lga.code }).go();
    written++;
  }
  await db().entities.counter.put({ ...DONE, count: written }).go();
  return { written, skipped: false };
}
