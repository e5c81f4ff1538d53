import { describe, expect, it } from 'vitest';
import { payloadSummary } from '../activity';
import { checkPhoto, MAX_UPLOAD_BYTES } from '../upload';
import { validateClosureForm } from '../validation';
import { CLOSURE_VIEWS } from '../views';

const valid = { type: 'flood', reason: 'Water over the road', detour: 'Use Henry Parkes Way', condition: 'closed' as const, scheduledFor: '', estimatedReopening: '' };

describe('closure form validation', () => {
  it('accepts a plain closure', () => {
    expect(validateClosureForm(valid)).toEqual({});
  });
  it('names each problem on its field', () => {
    const errors = validateClosureForm({ ...valid, type: '', reason: 'x'.repeat(2001), scheduledFor: '2026-13-01T10:00' });
    expect(errors.type).toBe('Choose a closure type');
    expect(errors.reason).toBe('Reason is too long (maximum 2000 characters)');
    expect(errors.scheduledFor).toBe('Invalid date');
    expect(validateClosureForm({ ...valid, detour: 'x'.repeat(501) }).detour).toBe('Detour is too long (maximum 500 characters)');
  });
  it('needs the reopening after the scheduled start', () => {
    const errors = validateClosureForm({ ...valid, scheduledFor: '2026-12-01T10:00', estimatedReopening: '2026-12-01T09:00' });
    expect(errors.estimatedReopening).toBe('Estimated reopening must be after the scheduled start');
  });
});

describe('photo checks before upload', () => {
  it('refuses files that are not images and images over 10 MB', () => {
    expect(checkPhoto({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toMatch(/not a photo/);
    expect(checkPhoto({ name: 'big.jpg', type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe('big.jpg is 10.0 MB: photos can be at most 10 MB.');
    expect(checkPhoto({ name: 'ok.png', type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});

describe('activity payload summary', () => {
  it('shows changes as from → to and counts lists', () => {
    expect(payloadSummary(JSON.stringify({ reason: { from: 'a', to: 'b' }, regions: [1, 2] }))).toEqual([
      ['reason', 'a → b'],
      ['regions', '2 items'],
    ]);
    expect(payloadSummary(null)).toEqual([]);
    expect(payloadSummary({ mediaId: 'm1' })).toEqual([['media id', 'm1']]);
    expect(payloadSummary({ estimatedReopening: 1795687980 })[0][1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  });
});

describe('closure views', () => {
  it('has the eight spec §2 children with active first', () => {
    expect(CLOSURE_VIEWS.map((v) => v.slug)).toEqual([
      'active', 'archived', 'scheduled', 'deleted', 'recently-opened', 'reopening-scheduled', 'reopening-overdue', 'stale',
    ]);
  });
});
