// Alerts by text message, the rules with no I/O: an Australian mobile number in one form
// (+614XXXXXXXX), the 6-digit code that proves it is the person's, and a message that fits one
// SMS (160 GSM-7 characters) with the link to the closure.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { closureTypeOf } from '../closures/types';
import type { ClosureEvent } from '../notifications/messages';
import { formatReopening, type ClosureAlertFacts } from './alert-mail';
import { MOVED_OUT_OF_ZONE } from './watch-zones';

export const MOBILE_MESSAGE = 'Enter an Australian mobile number, like 0412 345 678.';
export const CODE_MESSAGE = 'Enter the 6-digit code we texted you.';
export const CODE_WRONG_MESSAGE = 'That code is not right, or it has expired. Check the text or ask for a new code.';
export const CODE_LIMIT_MESSAGE = 'Too many codes asked for. Try again in an hour.';
export const CODE_SECONDS = 10 * 60;
/** Wrong tries one code survives. */
export const CODE_ATTEMPTS = 5;
/** Codes one person may ask for in an hour (each one costs a text). */
export const CODES_PER_HOUR = 3;

/** `+614XXXXXXXX` from `04XX XXX XXX`, `+61 4XX…` or `614…`; undefined for anything else. */
export function normalizeAuMobile(input: string): string | undefined {
  const digits = input.replace(/[\s()-]/g, '');
  const match = /^(?:\+?61|0)(4\d{8})$/.exec(digits);
  return match ? `+61${match[1]}` : undefined;
}

/** 0412 345 678: how the settings show a number. */
export const displayMobile = (e164: string) => `0${e164.slice(3, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code is kept only as an HMAC of the person, the number and the code. */
export const codeHash = (key: string, uid: string, mobile: string, code: string) => createHmac('sha256', key).update(`mobile\u0000${uid}\u0000${mobile}\u0000${code}`).digest('base64url');

export function codeMatches(key: string, uid: string, mobile: string, code: string, stored: string): boolean {
  const given = Buffer.from(codeHash(key, uid, mobile, code));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const codeText = (code: string) => `Road closures: your code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this text.`;

// GSM 03.38: the basic set, and the extension characters that take two places.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€');
const REPLACEMENTS: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ', '\t': ' ' };

/** The text in GSM-7 only: typographic quotes and dashes made plain, anything else left out. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    const plain = REPLACEMENTS[ch] ?? ch;
    for (const c of plain) if (GSM_BASIC.has(c) || GSM_EXTENDED.has(c)) out += c;
  }
  return out;
}

/** Septets the text takes (an extension character takes two). */
export const gsm7Length = (text: string) => [...text].reduce((n, c) => n + (GSM_EXTENDED.has(c) ? 2 : 1), 0);

export const SMS_LIMIT = 160;

const CONDITION: Record<ClosureEvent, string> = {
  'closure.created': 'Road closed',
  'closure.changed': 'Closure updated',
  'closure.reopened': 'Road reopened',
  'closure.deleted': 'Closure removed',
};

/** One SMS about one closure event: what, where, why and when, cut to fit before the link. */
export function closureSms(event: ClosureEvent, c: ClosureAlertFacts, link: string, options: { movedOut?: boolean } = {}): string {
  const condition = options.movedOut ? MOVED_OUT_OF_ZONE : event === 'closure.created' && c.scheduled ? 'Closure scheduled' : CONDITION[event];
  const parts = [
    `${condition}: ${c.road ?? c.formattedAddress ?? c.lgaName ?? 'a road you follow'} (${closureTypeOf(c.type).text})`,
    c.reason,
    event !== 'closure.reopened' && event !== 'closure.deleted' && c.estimatedReopening ? `Reopens ${formatReopening(c.estimatedReopening, c.timeZone)}` : undefined,
  ].filter(Boolean) as string[];
  const tail = ` ${toGsm7(link)}`;
  let body = toGsm7(parts.join('. '));
  const room = SMS_LIMIT - gsm7Length(tail);
  if (gsm7Length(body) > room) {
    while (gsm7Length(body) > room - 3) body = [...body].slice(0, -1).join('');
    body = `${body.trimEnd()}...`;
  }
  return `${body}${tail}`;
}

/** Replies that opt a number out of every text (the carriers' standard words), and back in. */
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT-OUT']);
export const START_WORDS = new Set(['START', 'UNSTOP', 'OPTIN']);

export type MobileState = 'none' | 'pending' | 'verified' | 'opted_out';

export const MOBILE_STATE_ADVICE: Record<MobileState, string> = {
  none: 'Add your mobile number to get text alerts about closures in councils that offer them.',
  pending: 'We texted a 6-digit code to this number. Enter it to turn text alerts on.',
  verified: 'Text alerts go to this number for the subscriptions where you turned them on.',
  opted_out: 'This number replied STOP, so no texts go to it. Reply START to the alerts number, then remove and add it again.',
};

/** The council's SMS spend this month, in cents: its price per text from configuration. */
export const smsPriceCents = (env: Record<string, string | undefined> = process.env): number => {
  const price = Number(env.SMS_PRICE_CENTS ?? '6');
  return Number.isInteger(price) && price > 0 ? price : 6;
};

export const monthOf = (at: number) => new Date(at * 1000).toISOString().slice(0, 7);
