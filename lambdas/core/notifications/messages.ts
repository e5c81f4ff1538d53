// What a notification says for each domain event. Pure: the consumer loads the facts (closure,
// LGA name) and passes them in.
import { closureTypeOf } from '../closures/types';

export interface NotificationContent {
  title: string;
  body?: string;
  redirectTo?: string;
  resourceId?: string;
  icon?: string;
}

export interface ClosureFacts {
  id: string;
  type: string;
  reason?: string;
  formattedAddress?: string;
  lgaName?: string;
  scheduled?: boolean;
}

export const CLOSURE_EVENTS = ['closure.created', 'closure.changed', 'closure.reopened', 'closure.deleted'] as const;
export type ClosureEvent = (typeof CLOSURE_EVENTS)[number];
export const isClosureEvent = (type: string): type is ClosureEvent => (CLOSURE_EVENTS as readonly string[]).includes(type);

const ICONS: Record<ClosureEvent, string> = {
  'closure.created': 'road-barrier',
  'closure.changed': 'pen-to-square',
  'closure.reopened': 'road-circle-check',
  'closure.deleted': 'trash',
};

export function closureNotification(type: ClosureEvent, c: ClosureFacts): NotificationContent {
  const kind = closureTypeOf(c.type).text;
  const where = c.formattedAddress ?? (c.lgaName ? `in ${c.lgaName}` : 'a road you follow');
  const place = c.lgaName ? ` in ${c.lgaName}` : '';
  const titles: Record<ClosureEvent, string> = {
    'closure.created': c.scheduled ? `Scheduled closure${place}: ${kind}` : `New closure${place}: ${kind}`,
    'closure.changed': `Closure updated: ${kind}`,
    'closure.reopened': `Road reopened: ${kind}`,
    'closure.deleted': `Closure removed: ${kind}`,
  };
  const body = [where, c.reason].filter(Boolean).join(' — ');
  return {
    title: titles[type],
    body,
    // A removed closure is no longer on the map; the map itself is still the useful place.
    redirectTo: type === 'closure.deleted' ? '/map' : `/map?closure=${encodeURIComponent(c.id)}`,
    resourceId: c.id,
    icon: ICONS[type],
  };
}

export function accessRequestCreatedNotification(args: { lgaCode: string; lgaName?: string; requester: string; requestId: string }): NotificationContent {
  return {
    title: 'New access request',
    body: `${args.requester} asked for access to ${args.lgaName ?? args.lgaCode}`,
    redirectTo: `/lga/${args.lgaCode}/accounts`,
    resourceId: args.requestId,
    icon: 'user-plus',
  };
}

export function accessRequestAnsweredNotification(args: { lgaCode: string; lgaName?: string; decision: string; requestId: string }): NotificationContent {
  const accepted = args.decision === 'accepted';
  const lga = args.lgaName ?? args.lgaCode;
  return {
    title: accepted ? 'Access request approved' : 'Access request declined',
    body: accepted ? `You now have access to ${lga}` : `Your request for access to ${lga} was declined`,
    redirectTo: '/dashboard',
    resourceId: args.requestId,
    icon: accepted ? 'circle-check' : 'circle-xmark',
  };
}
