import { describe, expect, it } from 'vitest';
import { carriedOptOuts, optOutsOf, optOutsOfStored, wantsWith } from '../../../lambdas/core/notifications/opt-outs';
import { NOTIFICATION_CATEGORIES, recipientsOf, settingsOf, wants, type Channel } from '../../../lambdas/core/notifications/rules';

describe('notification opt-outs carried by subscriptions', () => {
  it('lists exactly the switches turned off, none for the defaults', () => {
    expect(optOutsOf(settingsOf(undefined))).toEqual([]);
    expect(optOutsOfStored({ lgaUpdates: { inApp: false, push: true }, reportOutcomes: { push: false } })).toEqual(['lgaUpdates.inApp', 'reportOutcomes.push']);
  });

  it('decides every category and channel as the settings themselves do', () => {
    const samples = [undefined, { lgaUpdates: { inApp: false } }, { closureUpdates: { inApp: false, push: false }, reportOutcomes: { push: false } }];
    for (const stored of samples) {
      const settings = settingsOf(stored);
      const optOuts = optOutsOf(settings);
      for (const category of NOTIFICATION_CATEGORIES) {
        for (const channel of ['inApp', 'push'] as Channel[]) expect(wantsWith(optOuts, category, channel)).toBe(wants(settings, category, channel));
      }
    }
  });

  it('keeps "all on" (an empty list) apart from "never copied" (absent or unreadable)', () => {
    expect(carriedOptOuts([])).toEqual([]);
    expect(carriedOptOuts(['lgaUpdates.inApp'])).toEqual(['lgaUpdates.inApp']);
    expect(carriedOptOuts(undefined)).toBeUndefined();
    expect(carriedOptOuts('lgaUpdates.inApp')).toBeUndefined();
    expect(carriedOptOuts([1])).toBeUndefined();
  });

  it('carries each subscriber’s opt-outs into their recipient entry, closure subscription first', () => {
    const recipients = recipientsOf([{ uid: 'a', optOuts: ['closureUpdates.inApp'] }], [{ uid: 'a', optOuts: [] }, { uid: 'b', optOuts: [] }, { uid: 'old' }]);
    expect(recipients).toEqual([
      { uid: 'a', category: 'closureUpdates', optOuts: ['closureUpdates.inApp'] },
      { uid: 'b', category: 'lgaUpdates', optOuts: [] },
      { uid: 'old', category: 'lgaUpdates' },
    ]);
  });
});
