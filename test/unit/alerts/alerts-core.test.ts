// The rules of alert mail with no I/O: unsubscribe tokens cannot be forged or moved to another
// person, digests fall on the picked hour of the council's clock, and the words say what happened.
import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from '../../../lambdas/core/alerts/unsubscribe-token';
import { nextDigestAt, timeZoneOfState } from '../../../lambdas/core/alerts/digest-time';
import { closureAlertMail, digestMail, latestPerClosure } from '../../../lambdas/core/alerts/alert-mail';
import { channelsOf } from '../../../lambdas/core/alerts/channels';
import { pacer } from '../../../lambdas/core/alerts/send-rate';

const KEY = 'k'.repeat(40);

describe('unsubscribe tokens', () => {
  it('round-trip; another key, person, subscription or signature is refused', () => {
    const token = signUnsubscribe(KEY, { uid: 'user-1', target: { kind: 'closure', id: 'abc' } });
    expect(verifyUnsubscribe(KEY, token)).toEqual({ uid: 'user-1', target: { kind: 'closure', id: 'abc' } });
    const [kind, , id, mac] = token.split('.');
    expect(verifyUnsubscribe('x'.repeat(40), token)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `${kind}.user-2.${id}.${mac}`)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `${kind}.user-1.other.${mac}`)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `l.user-1.${id}.${mac}`)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `a.user-1.all.${mac}`)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `${token}x`)).toBeUndefined();
    expect(verifyUnsubscribe(KEY, 'c.a.b')).toBeUndefined();
    expect(verifyUnsubscribe(KEY, `c.user 1.${id}.${mac}`)).toBeUndefined();
  });

  it('the "all" kind only ever names all', () => {
    const all = signUnsubscribe(KEY, { uid: 'u', target: { kind: 'all', id: 'all' } });
    expect(verifyUnsubscribe(KEY, all)?.target).toEqual({ kind: 'all', id: 'all' });
  });
});

describe('digest time', () => {
  const hourIn = (t: number, zone: string) => new Intl.DateTimeFormat('en-AU', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(t * 1000));

  it('is the next time the council clock shows the hour, across daylight saving', () => {
    // 2026-01-15 10:30 UTC = 21:30 in Sydney (daylight saving, +11).
    const summer = Date.UTC(2026, 0, 15, 10, 30) / 1000;
    const due = nextDigestAt(summer, 7, 'Australia/Sydney');
    expect(hourIn(due, 'Australia/Sydney')).toBe('07');
    expect(due - summer).toBeLessThan(24 * 3600);
    expect(due).toBeGreaterThan(summer);
    // 2026-07-15: standard time (+10), Brisbane never changes.
    const winter = Date.UTC(2026, 6, 15, 10, 30) / 1000;
    expect(hourIn(nextDigestAt(winter, 18, 'Australia/Sydney'), 'Australia/Sydney')).toBe('18');
    expect(hourIn(nextDigestAt(winter, 0, 'Australia/Brisbane'), 'Australia/Brisbane')).toBe('00');
    expect(hourIn(nextDigestAt(winter, 6, 'Australia/Adelaide'), 'Australia/Adelaide')).toBe('06');
  });

  it('knows the states', () => {
    expect(timeZoneOfState('NSW')).toBe('Australia/Sydney');
    expect(timeZoneOfState('WA')).toBe('Australia/Perth');
    expect(timeZoneOfState(undefined)).toBe('Australia/Sydney');
  });
});

describe('alert words', () => {
  const closure = { id: 'c1', type: 'flood', reason: 'Water <over> the road', road: 'Newell Highway', lgaName: 'Forbes', estimatedReopening: Date.UTC(2026, 0, 16, 1) / 1000, timeZone: 'Australia/Sydney' };
  const links = { manage: 'https://site/subscriptions', unsubscribe: 'https://site/alerts/unsubscribe?token=t' };

  it('name the road, condition, reason, reopening estimate and link, in text and escaped HTML', () => {
    const mail = closureAlertMail({ event: 'closure.created', closure, link: 'https://site/map?closure=c1' }, links);
    expect(mail.subject).toBe('Road closed: Newell Highway');
    expect(mail.text).toContain('Condition: Road closed: Flooding');
    expect(mail.text).toContain('Reason: Water <over> the road');
    expect(mail.text).toMatch(/Expected to reopen: Fri, 16 Jan, 12:00 pm/);
    expect(mail.text).toContain('https://site/map?closure=c1');
    expect(mail.html).toContain('Water &lt;over&gt; the road');
    expect(mail.html).not.toContain('<over>');
    const reopened = closureAlertMail({ event: 'closure.reopened', closure, link: 'x' }, links);
    expect(reopened.subject).toBe('Road reopened: Newell Highway');
    expect(reopened.text).not.toContain('Expected to reopen');
  });

  it('a digest keeps the latest news of each closure', () => {
    const lines = [
      { event: 'closure.created' as const, closure, link: 'a' },
      { event: 'closure.created' as const, closure: { ...closure, id: 'c2', road: 'Lachlan Valley Way' }, link: 'b' },
      { event: 'closure.changed' as const, closure, link: 'a' },
    ];
    const latest = latestPerClosure(lines);
    expect(latest.map((l) => [l.closure.id, l.event])).toEqual([['c2', 'closure.created'], ['c1', 'closure.changed']]);
    expect(digestMail(latest, links, 'Forbes').subject).toBe('Road closures today in Forbes: 2 updates');
  });

  it('stored channels default to email off at 7 am', () => {
    expect(channelsOf({})).toEqual({ email: 'off', digestHour: 7, sms: false });
    expect(channelsOf({ email: 'daily', digestHour: 23, sms: true })).toEqual({ email: 'daily', digestHour: 23, sms: true });
    expect(channelsOf({ email: 'loud', digestHour: 99, sms: 'yes' })).toEqual({ email: 'off', digestHour: 7, sms: false });
  });
});

describe('send pace', () => {
  it('spaces sends to the rate', async () => {
    let now = 0;
    const slept: number[] = [];
    const p = pacer(10, { now: () => now, sleep: async (ms) => { slept.push(ms); now += ms; } });
    for (let i = 0; i < 5; i++) await p.next();
    expect(now).toBe(400);
    expect(slept).toEqual([100, 100, 100, 100]);
  });
});

describe('texts', async () => {
  const { closureSms, gsm7Length, normalizeAuMobile, toGsm7 } = await import('../../../lambdas/core/alerts/sms');
  it('know an Australian mobile in its forms', () => {
    expect(normalizeAuMobile('0412 345 678')).toBe('+61412345678');
    expect(normalizeAuMobile('+61 412-345-678')).toBe('+61412345678');
    expect(normalizeAuMobile('61412345678')).toBe('+61412345678');
    expect(normalizeAuMobile('0212345678')).toBeUndefined();
    expect(normalizeAuMobile('041234567')).toBeUndefined();
  });
  it('fit one GSM-7 SMS with the link whole', () => {
    expect(toGsm7('“Water” — ok… 🚧')).toBe('"Water" - ok... ');
    const long = closureSms('closure.created', { id: 'c', type: 'flood', reason: 'x'.repeat(300), road: 'Newell Highway', timeZone: 'Australia/Sydney' }, 'https://roads.example/map?closure=abcdefghijklmnop');
    expect(gsm7Length(long)).toBeLessThanOrEqual(160);
    expect(long.endsWith(' https://roads.example/map?closure=abcdefghijklmnop')).toBe(true);
    expect(long).toMatch(/^Road closed: Newell Highway \(Flooding\)\. x+\.\.\. https/);
    const movedOut = closureSms('closure.changed', { id: 'c', type: 'flood', reason: 'Water', road: 'Newell Highway', timeZone: 'Australia/Sydney' }, 'https://roads.example/map?closure=c', { movedOut: true });
    expect(movedOut).toBe('Closure moved out of your watched area: Newell Highway (Flooding). Water https://roads.example/map?closure=c');
  });
});
