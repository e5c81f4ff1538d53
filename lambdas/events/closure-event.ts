// The closure a closure event is about, when it is news to anyone: shared by the in-app and push
// plan (plan.ts) and the email and SMS plan (alert-plan.ts), so every channel hears of the same
// events.
import type { DomainEvent } from '../adapters/platform/events';
import { getClosure } from '../adapters/closures/store';
import { isClosureEvent, type ClosureEvent } from '../core/notifications/messages';
import type { ClosureRecord } from '../core/closures/types';

export interface NewsworthyClosure {
  type: ClosureEvent;
  closure: ClosureRecord;
  lgaCode: string;
}

export async function newsworthyClosure(event: DomainEvent): Promise<NewsworthyClosure | undefined> {
  if (!isClosureEvent(event.type)) return undefined;
  const { closureId, lgaCode } = event.detail as { closureId?: string; lgaCode?: string };
  if (!closureId || !lgaCode) return undefined;
  const closure = await getClosure(closureId);
  if (!closure) return undefined;
  // Housekeeping's archive step is not news to anyone.
  if (event.type === 'closure.changed' && closure.view === 'ARCHIVED') return undefined;
  return { type: event.type, closure, lgaCode };
}
