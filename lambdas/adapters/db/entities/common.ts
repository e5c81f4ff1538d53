// Shared pieces of the ElectroDB entity declarations. Keys use explicit templates so the items read
// exactly as docs/data.md#entities names them (LGA#12900 / CLOSURE#…), not ElectroDB's default
// format.
import type { Attribute } from 'electrodb';

export const SERVICE = 'roadclosures';

/** Unix seconds, the product's one time unit. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const timestamps = {
  createdAt: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
  updatedAt: { type: 'number', required: true, default: () => nowSeconds(), set: () => nowSeconds(), watch: '*' },
} as const satisfies Record<string, Attribute>;

export const coordinate = {
  type: 'map',
  properties: { lat: { type: 'number', required: true }, lng: { type: 'number', required: true } },
} as const satisfies Attribute;

/** Stripe's subscription statuses the product acts on; `none` until a council first subscribes. */
export const CUSTOMER_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
