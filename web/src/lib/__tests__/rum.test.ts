import { describe, expect, it } from 'vitest';
import { rumClientConfig, startRum, type RumSettings } from '../rum';

const settings: RumSettings = {
  appMonitorId: '11111111-2222-3333-4444-555555555555',
  identityPoolId: 'ap-southeast-2:pool',
  guestRoleArn: 'arn:aws:iam::123456789012:role/guest',
  region: 'ap-southeast-2',
  endpoint: 'https://dataplane.rum.ap-southeast-2.amazonaws.com',
  clientUrl: 'https://client.rum.us-east-1.amazonaws.com/1.19.0/cwr.js',
};

function fakeWindow() {
  const appended: { src?: string; async?: boolean }[] = [];
  const win = { document: { createElement: () => ({}), head: { appendChild: (el: object) => appended.push(el) } } } as Record<string, any>;
  return { win, appended };
}

describe('startRum', () => {
  it('loads nothing when /config.json has no app.rum', () => {
    const { win, appended } = fakeWindow();
    expect(startRum(undefined, '1.0.0', win as unknown as Window)).toBe(false);
    expect(appended).toEqual([]);
    expect(win.AwsRumClient).toBeUndefined();
  });

  it('queues commands and loads the RUM client once, without cookies', () => {
    const { win, appended } = fakeWindow();
    expect(startRum(settings, '1.2.3', win as unknown as Window)).toBe(true);
    expect(startRum(settings, '1.2.3', win as unknown as Window)).toBe(true);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: settings.clientUrl, async: true });
    expect(win.AwsRumClient).toMatchObject({ n: 'cwr', i: settings.appMonitorId, v: '1.2.3', r: 'ap-southeast-2' });
    win.cwr('recordPageView', '/map');
    expect(win.AwsRumClient.q).toEqual([{ c: 'recordPageView', p: '/map' }]);
    expect(rumClientConfig(settings)).toMatchObject({ allowCookies: false, recordResourceUrl: false, guestRoleArn: settings.guestRoleArn });
  });
});
