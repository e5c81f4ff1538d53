import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../../config/app-config';
import { deriveAccess } from '../../auth/access';
import { ALL_ROLES, makeMe, managed } from '../../routing/__tests__/fixtures';
import { buildPrimaryNav, buildProfileItems, showRequestAccess, type NavEntry } from '../nav-model';

const labels = (entries: Array<{ label: string }>) => entries.map((e) => e.label);
const menu = (entries: NavEntry[], label: string) => {
  const found = entries.find((e) => e.label === label);
  if (!found || found.kind !== 'menu') throw new Error(`no menu ${label}`);
  return found.items;
};

describe('buildPrimaryNav', () => {
  it('visitors see the map only (sign-in and help sit on the right)', () => {
    expect(labels(buildPrimaryNav(deriveAccess(null), false, {}))).toEqual(['Map']);
  });

  it('a resident sees Dashboard and Map', () => {
    expect(labels(buildPrimaryNav(deriveAccess(makeMe({ lgaCode: '12900' })), true, {}))).toEqual(['Dashboard', 'Map']);
  });

  it('an admin also sees System Administration', () => {
    expect(labels(buildPrimaryNav(deriveAccess(makeMe({ admin: true })), true, {}))).toEqual(['Dashboard', 'System Administration', 'Map']);
  });

  it('staff of an active council see both maps, Manage LGA and Communications', () => {
    const entries = buildPrimaryNav(deriveAccess(makeMe({ staff: true, managed: [managed('12900', ALL_ROLES)] })), true, { 12900: 'Forbes' });
    expect(labels(entries)).toEqual(['Dashboard', 'Public Map', 'Staff Map', 'Manage LGA', 'Communications']);
    const items = menu(entries, 'Manage LGA');
    expect(items.map((i) => [i.label, i.kind])).toEqual([
      ['User Role Assignment', 'link'], ['Administer Closures', 'link'], ['Moderate Incident Reports', 'link'], ['DRFA Evidence Export', 'link'], ['Billing information', 'link'],
    ]);
  });

  it('new customers get a single Map and disabled closures and moderation', () => {
    const entries = buildPrimaryNav(deriveAccess(makeMe({ staff: true, managed: [managed('12900', ALL_ROLES, 'none')] })), true, {});
    expect(labels(entries)).toEqual(['Dashboard', 'Map', 'Manage LGA', 'Communications']);
    expect(menu(entries, 'Manage LGA').map((i) => i.kind)).toEqual(['link', 'disabled', 'disabled', 'disabled', 'link']);
    expect(menu(entries, 'Manage LGA').at(-1)).toMatchObject({ label: 'Billing information', to: '/lga/12900/billing' });
    expect(entries.find((e) => e.label === 'Communications')?.kind).toBe('disabled');
  });

  it('ex-customers see the Staff Map disabled', () => {
    const entries = buildPrimaryNav(deriveAccess(makeMe({ staff: true, managed: [managed('12900', ALL_ROLES, 'canceled')] })), true, {});
    expect(entries.find((e) => e.label === 'Staff Map')?.kind).toBe('disabled');
  });

  it('User Role Assignment needs account_manager', () => {
    const entries = buildPrimaryNav(deriveAccess(makeMe({ staff: true, managed: [managed('12900', ['closure_administrator'])] })), true, {});
    expect(menu(entries, 'Manage LGA')[0]).toMatchObject({ label: 'User Role Assignment', kind: 'disabled' });
    expect(labels(entries)).not.toContain('Communications');
  });
});

describe('profile menu and request access', () => {
  const base = parseRuntimeConfig({ app: { stage: 'local', version: '1' } }).app;

  it('lists push, install, subscriptions, reports, settings, legal and sign out', () => {
    const items = buildProfileItems(base, { install: { kind: 'unavailable', reason: 'not offered' }, onInstall: () => undefined });
    expect(labels(items)).toEqual(['Enable Push Notifications', 'Install app', 'My Subscriptions', 'My Incident Reports', 'User Settings', 'Legal', 'Sign Out']);
    expect(items[1].kind).toBe('disabled');
    expect(buildProfileItems(base, { install: { kind: 'prompt' }, onInstall: () => undefined })[1].kind).toBe('action');
    expect(buildProfileItems(base, { install: { kind: 'ios' }, onInstall: () => undefined })[1].kind).toBe('action');
    // Installed already: no item at all.
    expect(labels(buildProfileItems(base, { install: { kind: 'hidden' }, onInstall: () => undefined }))).not.toContain('Install app');
  });

  it('demo mode hides push, install, profile and sign-out', () => {
    const items = buildProfileItems({ ...base, demo: true }, { install: { kind: 'hidden' }, onInstall: () => undefined });
    expect(labels(items)).toEqual(['My Subscriptions', 'My Incident Reports', 'Legal']);
  });

  it('offers Request Access only when the server says the user may ask (council mail domain, no LGA)', () => {
    expect(showRequestAccess(deriveAccess(makeMe({ canRequestAccess: true })))).toBe(true);
    expect(showRequestAccess(deriveAccess(makeMe({ canRequestAccess: true, managed: [managed('1', [])] })))).toBe(false);
    expect(showRequestAccess(deriveAccess(makeMe({ staff: true })))).toBe(false);
    expect(showRequestAccess(deriveAccess(makeMe({ canRequestAccess: false })))).toBe(false);
  });
});
