// Who hears about a state hazard (Live Traffic NSW) opening or ending inside a council: that
// council's subscribers, by their council-updates setting. Nobody follows a single state hazard.
// A hazard on the same stretch as the council's own closure (`sameAs`) is that closure to them:
// they hear the council's alert, not a second one from the state.
import type { DomainEvent } from '../adapters/platform/events';
import { db } from '../adapters/db/db';
import { lgaSubscribers } from '../adapters/notifications/subscriptions';
import { isStateHazardEvent, stateHazardNotification } from '../core/livetraffic/messages';
import { recipientsOf, type Channel } from '../core/notifications/rules';
import { allowedRecipients } from './recipients';
import type { Delivery } from './report-plan';

export async function stateHazardPlan(event: DomainEvent, channel: Channel, deferSettings: boolean): Promise<Delivery[]> {
  if (!isStateHazardEvent(event.type)) return [];
  const detail = event.detail as { hazardId?: string; lgaCode?: string; headline?: string; closesRoad?: boolean; sameAs?: string };
  if (!detail.hazardId || !detail.lgaCode || !detail.headline || detail.sameAs) return [];
  const [subscribers, lga] = await Promise.all([lgaSubscribers(detail.lgaCode), db().entities.lga.get({ code: detail.lgaCode }).go({ attributes: ['name'] })]);
  const recipients = recipientsOf([], subscribers);
  const allowed = deferSettings ? recipients : await allowedRecipients(recipients, channel);
  const content = stateHazardNotification(event.type, { hazardId: detail.hazardId, headline: detail.headline, closesRoad: detail.closesRoad, lgaName: lga.data?.name });
  return allowed.map(({ uid, category, optOuts }) => (deferSettings ? { uid, content, category, ...(optOuts ? { optOuts } : {}) } : { uid, content }));
}
