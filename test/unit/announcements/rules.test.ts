// Unsealed-roads rules (spec §4, §5, §9): titles, what each status does to the announcement,
// the message, GVM and expiry limits, and the plain words for a vehicle over the limit.
import { describe, expect, it } from 'vitest';
import {
  EXPIRY_TOO_SOON,
  GVM_RANGE_MESSAGE,
  GVM_STEP_MESSAGE,
  MESSAGE_TOO_LONG,
  NO_EXPIRY,
  announcementNotice,
  currentUnsealed,
  expiryProblem,
  gvmSchema,
  keepsVehicleOff,
  messageSchema,
  planStatusChange,
  reactivatedExpiry,
  restrictedMessage,
  statusOf,
  titleFor,
  type AnnouncementRecord,
} from '../../../lambdas/core/announcements/rules';

const NOW = 1_800_000_000;
const announcement = (over: Partial<AnnouncementRecord> = {}): AnnouncementRecord => ({
  id: 'a1',
  lgaCode: '12900',
  type: 'unsealed_roads',
  title: 'Unsealed roads closed',
  status: 'active',
  unsealedRoadsStatus: 'closed',
  vehicleRestrictions: { enabled: false },
  expiresAt: NO_EXPIRY,
  createdAt: NOW - 100,
  updatedAt: NOW - 100,
  ...over,
});

describe('titles', () => {
  it.each([
    ['closed', 'Unsealed roads closed'],
    ['restricted', 'Unsealed roads restricted'],
    ['open', 'Unsealed roads open'],
    [undefined, 'Unsealed roads status update'],
    ['flooded', 'Unsealed roads status update'],
  ])('%s → %s', (status, title) => expect(titleFor(status)).toBe(title));
});

describe('status changes', () => {
  it('open with nothing active changes nothing; open with an announcement archives it', () => {
    expect(planStatusChange({ status: 'open' }, undefined)).toEqual({ kind: 'unchanged' });
    const current = announcement();
    expect(planStatusChange({ status: 'open', message: 'ignored' }, current)).toEqual({ kind: 'archive', announcement: current });
  });

  it('restricted turns vehicle restrictions on (4.5 t by default) and fills the message', () => {
    const plan = planStatusChange({ status: 'restricted' }, undefined);
    expect(plan).toMatchObject({
      kind: 'create',
      fields: { title: 'Unsealed roads restricted', unsealedRoadsStatus: 'restricted', vehicleRestrictions: { enabled: true, maxGVM: 4.5 }, message: restrictedMessage(4.5), expiresAt: NO_EXPIRY },
    });
    expect(restrictedMessage(4.5)).toContain('4.5 t');
  });

  it('closed clears vehicle restrictions and updates the active announcement in place', () => {
    const current = announcement({ unsealedRoadsStatus: 'restricted', vehicleRestrictions: { enabled: true, maxGVM: 8 } });
    const plan = planStatusChange({ status: 'closed', message: ' After rain ', vehicleRestrictions: { enabled: true, maxGVM: 8 }, expiresAt: NOW + 7200 }, current);
    expect(plan).toEqual({
      kind: 'update',
      announcement: current,
      fields: { type: 'unsealed_roads', title: 'Unsealed roads closed', message: 'After rain', unsealedRoadsStatus: 'closed', vehicleRestrictions: { enabled: false }, expiresAt: NOW + 7200 },
    });
  });

  it('no announcement means open; the newest active unsealed one is the status', () => {
    expect(statusOf(undefined)).toBe('open');
    const older = announcement({ id: 'old', createdAt: NOW - 500, unsealedRoadsStatus: 'closed' });
    const newer = announcement({ id: 'new', createdAt: NOW - 10, unsealedRoadsStatus: 'restricted' });
    const archived = announcement({ id: 'gone', createdAt: NOW, status: 'archived' });
    expect(currentUnsealed([older, archived, newer])?.id).toBe('new');
    expect(statusOf(currentUnsealed([archived]))).toBe('open');
  });
});

describe('limits', () => {
  it('message: at most 500 characters, with the spec message', () => {
    expect(messageSchema.safeParse('x'.repeat(500)).success).toBe(true);
    const tooLong = messageSchema.safeParse('x'.repeat(501));
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Message is too long (maximum 500 characters)');
    expect(MESSAGE_TOO_LONG).toBe('Message is too long (maximum 500 characters)');
  });

  it.each([
    [1, true],
    [4.5, true],
    [50, true],
    [0, false],
    [0.5, false],
    [50.5, false],
    [4.25, false],
    [Number.NaN, false],
  ])('maxGVM %s valid: %s', (value, ok) => expect(gvmSchema.safeParse(value).success).toBe(ok));

  it('says why a GVM is refused', () => {
    expect(gvmSchema.safeParse(0).error?.issues[0]?.message).toBe(GVM_RANGE_MESSAGE);
    expect(gvmSchema.safeParse(4.2).error?.issues[0]?.message).toBe(GVM_STEP_MESSAGE);
  });

  it('expiry: none, or at least one hour ahead', () => {
    expect(expiryProblem(undefined, NOW)).toBeUndefined();
    expect(expiryProblem(NOW + 3600, NOW)).toBeUndefined();
    expect(expiryProblem(NOW + 3599, NOW)).toBe(EXPIRY_TOO_SOON);
    expect(expiryProblem(NOW - 10, NOW)).toBe(EXPIRY_TOO_SOON);
  });

  it('reactivation keeps a future expiry, takes a new one, and drops a passed one', () => {
    expect(reactivatedExpiry(NOW + 100, undefined, NOW)).toBe(NOW + 100);
    expect(reactivatedExpiry(NOW - 100, undefined, NOW)).toBe(NO_EXPIRY);
    expect(reactivatedExpiry(NOW - 100, NOW + 7200, NOW)).toBe(NOW + 7200);
  });
});

describe('vehicles', () => {
  const restricted = announcement({ unsealedRoadsStatus: 'restricted', vehicleRestrictions: { enabled: true, maxGVM: 4.5 } });
  it('closed keeps every vehicle off; restricted only those heavier than the limit', () => {
    expect(keepsVehicleOff(announcement(), 1.5)).toBe(true);
    expect(keepsVehicleOff(restricted, 12)).toBe(true);
    expect(keepsVehicleOff(restricted, 4.5)).toBe(false);
    expect(keepsVehicleOff(restricted, undefined)).toBe(false);
    expect(keepsVehicleOff({ ...restricted, status: 'archived' }, 12)).toBe(false);
    expect(keepsVehicleOff(undefined, 12)).toBe(false);
  });

  it('tells a resident plainly when their vehicle is over the limit', () => {
    const over = announcementNotice({ lgaName: 'Forbes', status: 'restricted', maxGVM: 4.5, vehicleGvm: 12 });
    expect(over.title).toBe('Unsealed roads restricted in Forbes');
    expect(over.body).toContain('Your vehicle (12 t) is over the 4.5 t limit: do not use unsealed roads in Forbes.');
    const under = announcementNotice({ lgaName: 'Forbes', status: 'restricted', maxGVM: 4.5, vehicleGvm: 2 });
    expect(under.body).not.toContain('Your vehicle');
    expect(announcementNotice({ lgaName: 'Forbes', status: 'open', message: 'old' }).body).toBe('Unsealed roads in Forbes are open again.');
  });
});
