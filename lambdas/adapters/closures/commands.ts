// The closure use cases shared by the API and by seeding: derive where a closure is from the
// road engine, apply a core transition, persist it in one transaction and publish the event.
import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { conflict, isAppError, notFound } from '../../core/errors';
import { staleSaveMessage } from '../../core/closures/stale-save';
import type { ClosureInputValue } from '../../core/closures/input';
import * as transitions from '../../core/closures/state';
import type { ChangeContext, ClosureChange, Located } from '../../core/closures/state';
import type { Actor, ClosureRecord, LatLng } from '../../core/closures/types';
import { HAND_DRAWN_ROAD_TOLERANCE_M } from '../../core/closures/hand-drawn';
import { getRoadEngine } from '../../core/roads/engine';
import { loadLocalities, localityAt } from '../../core/roads/localities';
import { db } from '../db/db';
import { publishEvent } from '../platform/events';
import { getClosure, saveClosureChange, type ExtraWrites } from './store';
import { allClosuresInView } from './query';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Nearest road and "road, locality, NSW" from the road engine; nothing when it cannot say. A line
 * drawn by hand is on a road the graph lacks unless a graph road runs right there: then it is
 * named by its place ("Forbes, NSW"), never after a road metres away.
 */
export function locate(position: LatLng, options: { drawnByHand?: boolean } = {}): Located {
  try {
    const engine = getRoadEngine();
    const nearest = engine.nearest(position) ?? undefined;
    if (options.drawnByHand && (!nearest || nearest.distance > HAND_DRAWN_ROAD_TOLERANCE_M)) {
      const locality = localityAt(loadLocalities(), position.lng, position.lat);
      return { formattedAddress: locality ? `${locality.name}, ${locality.state}` : undefined };
    }
    const formattedAddress = engine.reverseGeocode(position) ?? undefined;
    return { nearestLocation: nearest, formattedAddress };
  } catch (error) {
    // A missing road graph must not stop a closure being recorded.
    logger.warn('road engine unavailable for locate', { error: error as Error });
    return {};
  }
}

export function changeContext(actor: Actor, now = nowSeconds()): ChangeContext {
  return { now, actor, newId: randomUUID, locate };
}

async function commit(change: ClosureChange, actor: Actor, extraWrites?: ExtraWrites): Promise<ClosureRecord> {
  const saved = await saveClosureChange(change, extraWrites);
  const movedFrom = transitions.movedFromOf(change);
  await publishEvent(change.event, { closureId: saved.id, lgaCode: saved.lgaCode, ...(movedFrom ? { movedFrom } : {}) }, actor.uid);
  return saved;
}

export async function createClosureAs(
  actor: Actor,
  input: ClosureInputValue,
  extra: Partial<ClosureRecord> = {},
): Promise<ClosureRecord> {
  return commit(transitions.createClosure(randomUUID(), input, changeContext(actor), extra), actor);
}

export async function loadClosure(id: string): Promise<ClosureRecord> {
  const closure = await getClosure(id);
  if (!closure) throw notFound(`Closure ${id} not found`);
  return closure;
}

/** Applies a transition to the closure as read now; a concurrent writer makes it a Conflict. */
export async function changeClosure(
  closure: ClosureRecord,
  actor: Actor,
  transition: (before: ClosureRecord, ctx: ChangeContext) => ClosureChange,
  extraWrites?: ExtraWrites,
): Promise<ClosureRecord> {
  return commit(transition(closure, changeContext(actor)), actor, extraWrites);
}

/** Who last changed the closure, as the stale-save message names them. */
async function changedBy(closure: ClosureRecord): Promise<string> {
  if (!closure.updatedBy) return 'someone else';
  if (closure.updatedBy === SYSTEM.uid) return SYSTEM.displayName ?? 'Schedule';
  const { data } = await db().entities.user.get({ uid: closure.updatedBy }).go();
  return data?.displayName || data?.email || 'another officer';
}

async function staleSave(closure: ClosureRecord) {
  return conflict(staleSaveMessage(await changedBy(closure), closure.updatedAt, closure.lgaCode));
}

/**
 * An edit made on a form that read the closure at `expectedVersion`: when anyone saved it since
 * (before this call, or in a race with it), the edit is refused whole and the message says who
 * and when. Without a version the edit applies to the closure as read now.
 */
export async function changeClosureExpecting(
  closure: ClosureRecord,
  actor: Actor,
  expectedVersion: number | undefined,
  transition: (before: ClosureRecord, ctx: ChangeContext) => ClosureChange,
): Promise<ClosureRecord> {
  if (expectedVersion !== undefined && closure.version !== expectedVersion) throw await staleSave(closure);
  try {
    return await changeClosure(closure, actor, transition);
  } catch (error) {
    if (expectedVersion === undefined || !isAppError(error) || error.errorType !== 'Conflict') throw error;
    const current = await getClosure(closure.id, true);
    throw current && current.version !== expectedVersion ? await staleSave(current) : error;
  }
}

const SYSTEM: Actor = { uid: 'system', displayName: 'Schedule' };

/**
 * Moves an LGA's scheduled closures whose start has passed to ACTIVE (counters and activity
 * with them). Run by the 15-minute schedule and before staff lists are read, so lists and
 * counts never wait for the schedule. Concurrent runs are harmless: the version check lets one win.
 */
export async function startDueScheduledClosures(lgaCode: string, now = nowSeconds()): Promise<string[]> {
  const scheduled = await allClosuresInView(lgaCode, 'SCHEDULED', now);
  const started: string[] = [];
  for (const closure of scheduled) {
    const change = transitions.startScheduledClosure(closure, changeContext(SYSTEM, now));
    if (!change) continue;
    try {
      await commit(change, SYSTEM);
      started.push(closure.id);
    } catch (error) {
      logger.info('scheduled closure already changed', { closureId: closure.id, error: error as Error });
    }
  }
  return started;
}

/**
 * The hourly schedule's archive step with counters and activity kept in the same transaction
 * (lambdas/adapters/schedules/housekeeping.ts should call this instead of patching the closure).
 */
export async function archiveReopenedClosure(closure: ClosureRecord, now = nowSeconds()): Promise<ClosureRecord> {
  return commit(transitions.archiveClosure(closure, changeContext(SYSTEM, now)), SYSTEM);
}
