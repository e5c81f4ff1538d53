// The local outbox reads every confirmation code cognito-local prints, however its output is cut.
import { PassThrough } from 'node:stream';
import boxen from 'boxen';
import { describe, expect, it } from 'vitest';
import { watchCognitoDeliveries, type OutboxMessage } from '../../../local/outbox';

/** What cognito-local prints for one code: a yellow rounded box in a pino-pretty line. */
function printed(to: string, code: string): string {
  const fields = [`Username:      ${to}`, `Destination:   ${to}`, `Code:          ${code}`, `Email Subject: Your verification code`, `Email Message: Your verification code is ${code}`];
  const box = boxen(`Confirmation Code Delivery\n\n${fields.join('\n')}`, { borderStyle: 'round', borderColor: 'yellow', padding: 1 });
  return `\u001b[32mINFO\u001b[39m: NONE NONE ${box}\n`;
}

const signUps = Array.from({ length: 6 }, (_, i) => ({ to: `resident-${i}@example.com`, code: String(100000 + i * 1111) }));

function feed(chunks: Buffer[]): OutboxMessage[] {
  const stream = new PassThrough();
  const got: OutboxMessage[] = [];
  watchCognitoDeliveries(stream, (m) => got.push(m));
  for (const chunk of chunks) stream.write(chunk);
  return got;
}

describe('the local outbox reading cognito-local', () => {
  const all = Buffer.from(signUps.map((s) => printed(s.to, s.code)).join(''), 'utf8');

  it('gets six codes printed in quick succession, in one chunk', () => {
    expect(feed([all]).map((m) => [m.to, m.code])).toEqual(signUps.map((s) => [s.to, s.code]));
  });

  it('gets every code when the output is cut at every possible byte (box characters and colour codes split)', () => {
    for (let cut = 1; cut < all.length; cut += 7) {
      const got = feed([all.subarray(0, cut), all.subarray(cut)]);
      expect(got.map((m) => m.code), `cut at byte ${cut}`).toEqual(signUps.map((s) => s.code));
    }
  });

  it('gets every code when the output arrives in small chunks', () => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < all.length; i += 13) chunks.push(all.subarray(i, i + 13));
    expect(feed(chunks).map((m) => m.to)).toEqual(signUps.map((s) => s.to));
  });

  it('a box cut short does not swallow the next one', () => {
    const damaged = printed('lost@example.com', '999999').split('╰')[0];
    const got = feed([Buffer.from(damaged + printed('next@example.com', '123456'))]);
    expect(got.map((m) => [m.to, m.code])).toEqual([['next@example.com', '123456']]);
  });
});
