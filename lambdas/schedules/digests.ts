// Daily digests (run with the 15-minute schedule): every person whose digest hour has come gets one
// mail listing the closures they heard about since their last one, the latest news of each. A
// claim per (person, digest) makes a second run, or two at once, send it once.
import { Logger } from '@aws-lambda-powertools/logger';
import { getClosures } from '../adapters/closures/store';
import { getLga } from '../adapters/foundation/lgas';
import { alertAddresses } from '../adapters/alerts/addresses';
import { onceFor } from '../adapters/alerts/claims';
import { dueDigestEntries, removeDigestEntries, type DigestEntry } from '../adapters/alerts/digests';
import { sendAlertMail } from '../adapters/alerts/send-alert-mail';
import { digestMail, latestPerClosure, type AlertLine } from '../core/alerts/alert-mail';
import { isClosureEvent } from '../core/notifications/messages';
import { alertLinks, closureLink } from '../events/alert-links';
import { closureFacts } from '../events/alert-plan';

const logger = new Logger({ serviceName: 'road-closures-digests' });

export async function sendDueDigests(now: number): Promise<{ sent: number; people: number }> {
  const due = await dueDigestEntries(now);
  const groups = new Map<string, DigestEntry[]>();
  for (const entry of due) {
    const key = `${entry.uid}\u0000${entry.dueAt}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  if (groups.size === 0) return { sent: 0, people: 0 };
  const addresses = await alertAddresses([...new Set(due.map((e) => e.uid))]);
  const closures = new Map((await getClosures([...new Set(due.map((e) => e.closureId))])).map((c) => [c.id, c]));
  const lgas = new Map<string, Awaited<ReturnType<typeof getLga>>>();
  let sent = 0;
  for (const entries of groups.values()) {
    const { uid, dueAt } = entries[0];
    const to = addresses.get(uid);
    const lines: AlertLine[] = [];
    for (const entry of [...entries].sort((a, b) => a.occurredAt - b.occurredAt)) {
      const closure = closures.get(entry.closureId);
      if (!closure || !isClosureEvent(entry.eventType)) continue;
      if (!lgas.has(closure.lgaCode)) lgas.set(closure.lgaCode, await getLga(closure.lgaCode));
      lines.push({ event: entry.eventType, closure: closureFacts(closure, lgas.get(closure.lgaCode)), link: closureLink(closure.id), ...(entry.movedOutOf ? { movedOutOf: entry.movedOutOf } : {}) });
    }
    const latest = latestPerClosure(lines);
    if (to && latest.length > 0) {
      const places = [...new Set(latest.map((l) => l.closure.lgaName).filter(Boolean))];
      const links = await alertLinks(uid, { kind: 'all', id: 'all' });
      const mail = digestMail(latest, links, places.length === 1 ? places[0] : undefined);
      if (await onceFor(`digest-${dueAt}`, uid, 'email', () => sendAlertMail(to, mail, links.unsubscribe))) sent++;
    }
    // Sent, or nothing left to send (address stopped, closures gone): the entries are done.
    await removeDigestEntries(entries);
  }
  logger.info('digests', { sent, people: groups.size });
  return { sent, people: groups.size };
}
