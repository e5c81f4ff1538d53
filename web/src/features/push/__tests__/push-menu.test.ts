// The profile menu's push item (nav-model) for each push state of this device.
import { describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from '../../../config/app-config';
import { buildProfileItems } from '../../navigation/nav-model';
import { DENIED, UNSUPPORTED } from '../push-client';

const app = parseRuntimeConfig({ app: { stage: 'local', version: '1', features: { push: true, socialProviders: [] } } }).app;
const pushItem = (push: Parameters<typeof buildProfileItems>[1]['push'], settings = app) =>
  buildProfileItems(settings, { install: { kind: 'unavailable', reason: 'not offered' }, onInstall: () => undefined, push })[0];

describe('profile menu push item', () => {
  it('enables and disables from a click', () => {
    const onToggle = vi.fn();
    const off = pushItem({ on: false, onToggle });
    expect(off).toMatchObject({ kind: 'action', label: 'Enable Push Notifications' });
    if (off.kind === 'action') off.onSelect();
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(pushItem({ on: true, onToggle })).toMatchObject({ kind: 'action', label: 'Disable Push Notifications' });
  });

  it('stays disabled with the reason when denied or unsupported, or when the deployment has no push', () => {
    expect(pushItem({ on: false, blockedReason: DENIED, onToggle: () => undefined })).toEqual({ kind: 'disabled', label: 'Enable Push Notifications', reason: DENIED });
    expect(pushItem({ on: false, blockedReason: UNSUPPORTED, onToggle: () => undefined })).toMatchObject({ kind: 'disabled', reason: UNSUPPORTED });
    const noPush = { ...app, features: { ...app.features, push: false } };
    expect(pushItem({ on: false, onToggle: () => undefined }, noPush)).toMatchObject({ kind: 'disabled', reason: 'Not configured for this deployment' });
  });

  it('is hidden in demo mode', () => {
    const items = buildProfileItems({ ...app, demo: true }, { install: { kind: 'unavailable', reason: 'not offered' }, onInstall: () => undefined, push: { on: false, onToggle: () => undefined } });
    expect(items.map((i) => i.label)).not.toContain('Enable Push Notifications');
  });
});
