// A quote a council officer forwards to finance. Its id names the council, the PO number, the day
// it was made, the council's discount coupon then (if any) and, only when an administrator chose
// one, a classification; the id is signed with the app's quote key, so a caller can neither make
// one nor alter it. The figures are read when the quote is shown: the council's own classification
// (or the administrator's signed choice), the catalogue price and the council's discount while it
// still stands. A quote is valid for 30 days.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { classificationSchema, poNumberSchema, type Classification } from './checkout';

export const QUOTE_VALID_DAYS = 30;

const QuoteId = z
  .object({
    l: z.string().regex(/^\d{5}$/),
    c: classificationSchema.optional(),
    p: poNumberSchema.optional(),
    t: z.number().int().positive(),
    d: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  })
  .strict();

export interface QuoteFacts {
  lgaCode: string;
  /** An administrator's choice of tier; without it the quote shows the council's own. */
  classification?: Classification;
  poNumber?: string;
  created: number;
  /** The Stripe coupon of the council's onboarding discount when the quote was made. */
  couponId?: string;
}

/** What the signature covers: the version, then the payload exactly as sent. */
const signatureOf = (key: string, payload: string) => createHmac('sha256', key).update(`quote.v1.${payload}`).digest('base64url');

export function encodeQuoteId(q: QuoteFacts, key: string): string {
  const payload = Buffer.from(
    JSON.stringify({ l: q.lgaCode, c: q.classification, p: q.poNumber || undefined, t: q.created, d: q.couponId || undefined }),
  ).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

/** undefined for anything that is not a quote id this app made and signed. */
export function decodeQuoteId(id: string, key: string): QuoteFacts | undefined {
  const [payload, signature, extra] = id.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(signatureOf(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = QuoteId.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    return { lgaCode: parsed.data.l, classification: parsed.data.c, poNumber: parsed.data.p, created: parsed.data.t, couponId: parsed.data.d };
  } catch {
    return undefined;
  }
}

export const quoteValidUntil = (created: number) => created + QUOTE_VALID_DAYS * 24 * 3600;
