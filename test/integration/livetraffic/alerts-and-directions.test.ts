// The state's hazards where residents meet them: a closed road the state reports is avoided by
// directions like a council's closure, and a council's subscribers are told when a state hazard
// opens and ends inside their council (and others are not). The hazards here are test input in the
// feed's own shape (named TEST), on the Newell Highway north of Forbes and at the recorded Forbes
// Street roadwork's point in Parkes; only the `alpine` kind is answered, so the recorded hazards of
// the other kinds stay as the stand-in's import left them.
import { beforeAll, describe, expect, it } from 'vitest';
import { workerEvents } from '../../support/api';
import { FORBES_TOWN, PARKES_TOWN, route } from '../directions/support';
import { freshUser, notificationsOf, ok, Q, waitForNotifications } from '../notifications/support';
import { answersOf, stateFeature, useStateFeedStack } from './support';

let importer: typeof import('../../../lambdas/adapters/livetraffic/import');

beforeAll(async () => {
  useStateFeedStack();
  importer = await import('../../../lambdas/adapters/livetraffic/import');
  // A known starting point for the alpine kind, so the next import announces what is new.
  await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({}) });
});

const PARKES = '16200';
/** On the Newell Highway north of Forbes, where the Forbes–Parkes trip runs. */
const closedOnNewell = stateFeature(990100, 148.075275, -33.311737, {
  headline: 'TEST ROAD CLOSED - Newell Hwy north of Forbes',
  roads: [{ mainStreet: 'Newell Highway', crossStreet: ' ', impactedLanes: [{ affectedDirection: 'Both directions', extent: 'Closed' }] }],
});
const inParkes = stateFeature(990200, 148.16937, -33.1486, { headline: 'TEST HAZARD - PARKES Forbes St' });

describe("the state's hazards for residents", { timeout: 120_000 }, () => {
  it('keeps a trip off a road the state reports closed, and names it as the state hazard', async () => {
    const before = await route({ locations: [FORBES_TOWN, PARKES_TOWN] });
    expect(before.avoidedClosureIds).not.toContain('livetraffic-990100');
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [closedOnNewell] }) });
    const after = await route({ locations: [FORBES_TOWN, PARKES_TOWN] });
    expect(after.avoidedClosureIds).toContain('livetraffic-990100');
    expect(after.crossesClosureIds).toEqual([]);
    expect(after.geometry).not.toBe(before.geometry);
    // Lanes closed is not a closed road: the same hazard without "Closed" is not avoided.
    const lanesOnly = { ...closedOnNewell, properties: { ...closedOnNewell.properties, roads: [{ mainStreet: 'Newell Highway', impactedLanes: [{ extent: 'Lanes closed' }] }] } };
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [lanesOnly] }) });
    expect((await route({ locations: [FORBES_TOWN, PARKES_TOWN] })).avoidedClosureIds).not.toContain('livetraffic-990100');
  });

  it("tells Parkes' subscribers when a state hazard opens and ends in Parkes, and not Forbes' subscribers", async () => {
    const [parkesResident, forbesResident] = await Promise.all([freshUser('parkes'), freshUser('forbes')]);
    await ok(Q.subscribeToLga, { code: PARKES }, parkesResident.auth);
    await ok(Q.subscribeToLga, { code: '12900' }, forbesResident.auth);
    const { notifyFor } = await import('../../../lambdas/events/notify');

    workerEvents.length = 0;
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [inParkes] }) });
    const opened = workerEvents.find((e) => e.type === 'stateHazard.opened' && e.detail.hazardId === '990200');
    expect(opened?.detail).toMatchObject({ lgaCode: PARKES, headline: 'TEST HAZARD - PARKES Forbes St' });
    // The worker's events go to the consumer by hand here (the stack's own bus runs it in AWS).
    await notifyFor(opened!);
    const notes = await waitForNotifications(parkesResident, (items) => items.some((n) => n.resourceId === 'livetraffic-990200'));
    expect(notes.find((n) => n.resourceId === 'livetraffic-990200')).toMatchObject({
      title: 'Live Traffic NSW: new hazard in Parkes',
      body: 'TEST HAZARD - PARKES Forbes St',
      redirectTo: '/map?hazard=990200',
    });

    workerEvents.length = 0;
    await importer.importStateHazards({ kinds: ['alpine'], fetchKind: answersOf({ alpine: [{ ...inParkes, properties: { ...inParkes.properties, ended: true } }] }) });
    const ended = workerEvents.find((e) => e.type === 'stateHazard.ended' && e.detail.hazardId === '990200');
    await notifyFor(ended!);
    const after = await waitForNotifications(parkesResident, (items) => items.some((n) => n.title === 'Live Traffic NSW: hazard over in Parkes'));
    expect(after.find((n) => n.title === 'Live Traffic NSW: hazard over in Parkes')?.body).toBe('The state has ended: TEST HAZARD - PARKES Forbes St');

    const forbesNotes = await notificationsOf(forbesResident);
    expect(forbesNotes.filter((n) => n.resourceId === 'livetraffic-990200')).toEqual([]);
  });
});
