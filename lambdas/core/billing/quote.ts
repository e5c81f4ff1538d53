// A quote a council officer forwards to finance: it is fully described by its id (council,
// classification, PO number, date and the council's discount coupon, if any), so it needs no storage and always shows the same figures
// for the same day; it is valid for 30 days.
import { z } from 'zod';
import { classificationSchema, poNumberSchema, type Classification } from './checkout';

export const QUOTE_VALID_DAYS = 30;

const QuoteId = z
  .object({ l: z.string().regex(/^\d{5}$/), c: classificationSchema, p: poNumberSchema.optional(), t: z.number().int().positive(), d: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional() })
  .strict();

export interface QuoteFacts {
  lgaCode: string;
  classification: Classification;
  poNumber?: string;
  created: number;
  /** The Stripe coupon of the council's onboarding discount when the quote was made. */
  couponId?: string;
}

export function encodeQuoteId(q: QuoteFacts): string {
  return Buffer.from(JSON.stringify({ l: q.lgaCode, c: q.classification, p: q.poNumber || undefined, t: q.created, d: q.couponId || undefined })).toString('base64url');
}

/** undefined for anything that is not a quote id this app made. */
export function decodeQuoteId(id: string): QuoteFacts | undefined {
  try {
    const parsed = QuoteId.safeParse(JSON.parse(Buffer.from(id, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    return { lgaCode: parsed.data.l, classification: parsed.data.c, poNumber: parsed.data.p, created: parsed.data.t, couponId: parsed.data.d };
  } catch {
    return undefined;
  }
}

export const quoteValidUntil = (created: number) => created + QUOTE_VALID_DAYS * 24 * 3600;
