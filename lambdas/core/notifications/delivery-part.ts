// Which group of recipients a delivery is: the same users always give the same part key, in any
// order, so a redelivered SQS message or a replayed event finds the mark its first delivery left.
import { createHash } from 'node:crypto';

export function deliveryPart(uids: readonly string[]): string {
  const hash = createHash('sha256');
  for (const uid of [...uids].sort()) hash.update(uid).update('\u0000');
  return `${uids.length}-${hash.digest('hex').slice(0, 24)}`;
}
