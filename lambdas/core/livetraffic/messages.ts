// What a council's subscribers read when the state opens or ends a hazard inside their council:
// the state's headline, said to be the state's, and a link to the map.
import type { NotificationContent } from '../notifications/messages';
import { STATE_SOURCE_NAME } from './hazard';

export const STATE_HAZARD_EVENTS = ['stateHazard.opened', 'stateHazard.ended'] as const;
export type StateHazardEvent = (typeof STATE_HAZARD_EVENTS)[number];
export const isStateHazardEvent = (type: string): type is StateHazardEvent => (STATE_HAZARD_EVENTS as readonly string[]).includes(type);

export interface StateHazardFacts {
  hazardId: string;
  headline: string;
  closesRoad?: boolean;
  lgaName?: string;
}

export function stateHazardNotification(type: StateHazardEvent, facts: StateHazardFacts): NotificationContent {
  const place = facts.lgaName ? ` in ${facts.lgaName}` : '';
  return {
    title: type === 'stateHazard.opened' ? `${STATE_SOURCE_NAME}: ${facts.closesRoad ? 'road closed' : 'new hazard'}${place}` : `${STATE_SOURCE_NAME}: hazard over${place}`,
    body: type === 'stateHazard.opened' ? facts.headline : `The state has ended: ${facts.headline}`,
    redirectTo: `/map?hazard=${encodeURIComponent(facts.hazardId)}`,
    resourceId: `livetraffic-${facts.hazardId}`,
    icon: type === 'stateHazard.opened' ? 'triangle-exclamation' : 'road-circle-check',
  };
}
