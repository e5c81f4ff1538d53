import { describe, expect, it } from 'vitest';
import { deriveAccess } from '../../auth/access';
import type { Me } from '../../auth/api/me';
import { makeMe, managed } from '../../routing/__tests__/fixtures';
import { atCouncilDomain, checkOnboarding, type OnboardingSubject } from '../onboarding-check';

const ctx = (me: Me | null, extra: { path: string }) => ({ access: deriveAccess(me), ...extra });
const resident = makeMe({ lgaCode: '12900' });
const admin = makeMe({ admin: true });

describe('guard 8 on the onboarding pages', () => {
  it('tells each visitor what is true for them, in guard 8\'s order', () => {
    const forbes = { code: '12900', name: 'Forbes', customerStatus: 'none', emailSuffix: 'forbes.nsw.gov.au' };
    const clerk = makeMe({ email: 'clerk@forbes.nsw.gov.au' });
    const check = (me: Me | null, onboarding: OnboardingSubject, path = '/onboard?lga=12900') =>
      checkOnboarding(onboarding, ctx(me, { path }));
    expect(check(clerk, { email: 'not-an-email', lga: forbes })).toEqual({ kind: 'error', message: 'Invalid email address' });
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: null })).toMatchObject({ kind: 'error', message: 'Invalid LGA' });
    // A new customer at the council's domain (or a subdomain) subscribes it.
    expect(check(clerk, { email: 'Clerk@Forbes.nsw.gov.au ', lga: forbes })).toEqual({ kind: 'allow' });
    expect(check(clerk, { email: 'it@staff.forbes.nsw.gov.au', lga: forbes })).toEqual({ kind: 'allow' });
    // Another address: told which address it takes, offered another sign-in.
    expect(check(clerk, { email: 'clerk@gmail.com', lga: forbes })).toMatchObject({
      kind: 'error', message: 'Invalid email address', detail: expect.stringContaining('needs an email address at forbes.nsw.gov.au'),
    });
    // A resident of a council that already pays is not welcomed aboard as its account manager.
    const payingForbes = { ...forbes, customerStatus: 'active' };
    expect(check(resident, { email: 'resident@example.com', lga: payingForbes })).toMatchObject({
      kind: 'error', detail: expect.stringContaining('Forbes already has a subscription'),
    });
    expect(check(resident, { email: 'resident@example.com', lga: payingForbes }, '/onboard/success?lga=12900')).toMatchObject({ kind: 'error' });
    // Its own staff go to the success page; the success page is theirs once it pays.
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: payingForbes })).toEqual({ kind: 'redirect', to: '/onboard/success?lga=12900' });
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: payingForbes }, '/onboard/success?lga=12900')).toEqual({ kind: 'allow' });
    // The account manager of a cancelled council resubscribes it; no success page until it pays.
    const lachlanManager = makeMe({ email: 'am@lachlan.example', staff: true, managed: [managed('14750', ['account_manager'], 'canceled')] });
    const lachlan = { code: '14750', name: 'Lachlan', customerStatus: 'canceled', emailSuffix: 'lachlan.nsw.gov.au' };
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: lachlan }, '/onboard?lga=14750')).toEqual({ kind: 'allow' });
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: lachlan }, '/onboard/success?lga=14750')).toEqual({ kind: 'redirect', to: '/onboard?lga=14750' });
    // ...and opening another council that pays is told so, not "Invalid LGA".
    expect(check(lachlanManager, { email: 'am@lachlan.example', lga: payingForbes })).toMatchObject({ kind: 'error', message: 'Invalid email address' });
    // No mail domain on record: nobody but an administrator can subscribe it from here, and the page says why.
    const parkes = { code: '16200', name: 'Parkes', customerStatus: 'none', emailSuffix: null };
    expect(check(clerk, { email: 'clerk@parkes.nsw.gov.au', lga: parkes }, '/onboard?lga=16200')).toMatchObject({
      kind: 'error', message: 'Invalid email address', detail: expect.stringContaining('Parkes has no council mail domain on record'),
    });
    expect(check(admin, { email: 'admin@example.com', lga: parkes }, '/onboard?lga=16200')).toEqual({ kind: 'allow' });
    // /onboard without ?lga=: the council picker opens for a valid email; the LGA checks wait for the pick.
    expect(check(clerk, { email: 'clerk@forbes.nsw.gov.au', lga: null, choosing: true }, '/onboard')).toEqual({ kind: 'allow' });
    expect(check(clerk, { email: null, lga: null, choosing: true }, '/onboard')).toEqual({ kind: 'error', message: 'Invalid email address' });
  });

  it('matches the council domain as the server does: the domain or a subdomain, never a look-alike', () => {
    expect(atCouncilDomain('a@forbes.nsw.gov.au', '@forbes.nsw.gov.au')).toBe(true);
    expect(atCouncilDomain('a@it.forbes.nsw.gov.au', 'forbes.nsw.gov.au')).toBe(true);
    expect(atCouncilDomain('a@notforbes.nsw.gov.au', 'forbes.nsw.gov.au')).toBe(false);
    expect(atCouncilDomain('a@forbes.nsw.gov.au', null)).toBe(false);
  });
});
