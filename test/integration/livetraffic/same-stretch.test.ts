// A council closure and a state hazard on the same stretch are one thing to residents: the public
// file names the council's closure on the hazard (`sameAs`), and the council's subscribers hear
// the council's alert only, not a second one from the state. The hazards are test input in the
// feed's shape (named TEST) on the Newell Highway north of Forbes, where the council closes the
// road; only the `alpine` kind is answered, so the recorded hazards stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, workerEvents, type Auth } from '../../support/api';
import { closeRoad, deleteClosure, NEWELL_NORTH } from '../directions/support';
import { freshUser, notificationsOf, ok, Q, waitForNotifications } from '../notifications/support';
import { answersOf, stateFeature, stateFile, useStateFeedStack } from './support';

let importer: typeof import('../../../lambdas/adapters/livetraffic/import');
let staff: Auth;
let closureId: string | undefined;

beforeAll(async () => {
  useStateFeedStack();
  importer = await import('../../../lambdas/adapters/livetraffic/import');
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  // A known starting point for the alpine kind, so the next import announces what is new.
  await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({}) });
});

afterAll(async () => {
  if (closureId) await deleteClosure(staff, closureId);
  await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({}) });
});

const onCouncilsClosure = stateFeature(990300, 148.075275, -33.311737, {
  headline: 'TEST ROAD CLOSED - Newell Hwy north of Forbes (same as council)',
  roads: [{ mainStreet: 'Newell Highway', crossStreet: ' ', impactedLanes: [{ affectedDirection: 'Both directions', extent: 'Closed' }] }],
});
/** Elsewhere in Forbes, on no council closure: its alert shows the alerts were delivered. */
const elsewhereInForbes = stateFeature(990301, 147.63698, -33.57883, { headline: 'TEST HAZARD - WEELONG Newell Hwy (elsewhere)' });

describe('a council closure and a state hazard on the same stretch', { timeout: 120_000 }, () => {
  it('are shown once, as the council closure naming the hazard, and alert its subscribers once', async () => {
    const resident = await freshUser('forbes');
    await ok(Q.subscribeToLga, { code: '12900' }, resident.auth);
    closureId = (await closeRoad(staff, NEWELL_NORTH, { reason: 'Newell Highway closed north of Forbes' })).id;
    // The council's own alert arrives through the stack's bus.
    await waitForNotifications(resident, (items) => items.some((n) => n.resourceId === closureId), 10_000);

    workerEvents.length = 0;
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [onCouncilsClosure, elsewhereInForbes] }) });
    const { file } = await stateFile();
    expect(file?.hazards.find((h) => h.id === '990300')?.sameAs).toBe(closureId);
    expect(file?.hazards.find((h) => h.id === '990301')?.sameAs).toBeNull();

    const { notifyFor } = await import('../../../lambdas/events/notify');
    const opened = workerEvents.filter((e) => e.type === 'stateHazard.opened');
    expect(opened.map((e) => e.detail.hazardId).sort()).toEqual(['990300', '990301']);
    expect(opened.find((e) => e.detail.hazardId === '990300')?.detail.sameAs).toBe(closureId);
    for (const event of opened) await notifyFor(event);
    const notes = await waitForNotifications(resident, (items) => items.some((n) => n.resourceId === 'livetraffic-990301'));
    expect(notes.some((n) => n.resourceId === 'livetraffic-990301')).toBe(true);
    expect(notes.filter((n) => n.resourceId === 'livetraffic-990300')).toEqual([]);
    expect(notes.filter((n) => n.resourceId === closureId)).toHaveLength(1);

    // Its end is as quiet as its opening: the council's closure speaks for that stretch.
    workerEvents.length = 0;
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [elsewhereInForbes] }) });
    const ended = workerEvents.find((e) => e.type === 'stateHazard.ended' && e.detail.hazardId === '990300');
    expect(ended?.detail.sameAs).toBe(closureId);
    await notifyFor(ended!);
    expect((await notificationsOf(resident)).filter((n) => n.resourceId === 'livetraffic-990300')).toEqual([]);
  });
});
