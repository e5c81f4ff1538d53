// Everything that lives in an LGA's partition: the LGA itself, its managers (staff roles), access
// requests, signatories of a "please join" request and its customer (billing) record.
import { Entity } from 'electrodb';
import { STAFF_ROLES } from '../../../core/access';
import { CUSTOMER_STATUSES, SERVICE, coordinate, nowSeconds, timestamps } from './common';

export const LgaEntity = new Entity(
  {
    model: { entity: 'lga', version: '1', service: SERVICE },
    attributes: {
      code: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      nameLong: { type: 'string' },
      state: { type: 'string' },
      emailSuffix: { type: 'string' },
      centroid: coordinate,
      bbox: { type: 'list', items: { type: 'number' } },
      ...timestamps,
    },
    indexes: {
      byCode: {
        pk: { field: 'pk', composite: ['code'], casing: 'none', template: 'LGA#${code}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'LGA' },
      },
      all: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'LGAS' },
        sk: { field: 'gsi1sk', composite: ['name', 'code'], casing: 'none', template: '${name}#${code}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const ManagerEntity = new Entity(
  {
    model: { entity: 'manager', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true, readOnly: true },
      roles: { type: 'set', items: STAFF_ROLES, required: true },
      addedBy: { type: 'string' },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['email'], casing: 'none', template: 'MANAGER#${email}' },
      },
      byEmail: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['email'], casing: 'none', template: 'MANAGER#${email}' },
        sk: { field: 'gsi1sk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const AccessRequestEntity = new Entity(
  {
    model: { entity: 'accessRequest', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      uid: { type: 'string', required: true, readOnly: true },
      requestedAt: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      email: { type: 'string', required: true },
      displayName: { type: 'string' },
      roles: { type: 'list', items: { type: 'string' } },
      status: { type: ['pending', 'accepted', 'rejected'] as const, required: true, default: 'pending' },
      respondedBy: { type: 'string' },
      respondedAt: { type: 'number' },
      lgaName: { type: 'string' },
      /** The roles the account manager granted (they may adjust the requested ones). */
      grantedRoles: { type: 'list', items: { type: 'string' } },
      /** Answered requests expire (TTL) once the requester has had time to see the outcome. */
      expiresAt: { type: 'number' },
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['requestedAt', 'uid'], casing: 'none', template: 'ACCESS#${requestedAt}#${uid}' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['uid'], casing: 'none', template: 'USER#${uid}' },
        sk: { field: 'gsi1sk', composite: ['requestedAt', 'lgaCode'], casing: 'none', template: 'ACCESS#${requestedAt}#${lgaCode}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const SignatoryEntity = new Entity(
  {
    model: { entity: 'signatory', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      uid: { type: 'string', required: true, readOnly: true },
      displayName: { type: 'string' },
      email: { type: 'string' },
      signedAt: { type: 'number', required: true, default: () => nowSeconds() },
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['uid'], casing: 'none', template: 'SIGN#${uid}' },
      },
    },
  },
  { table: 'placeholder' },
);

export const CustomerEntity = new Entity(
  {
    model: { entity: 'customer', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      subscriptionStatus: { type: CUSTOMER_STATUSES, required: true, default: 'none' },
      /** What text alerts may cost the council in a month (cents), set by an administrator; none: no texts. */
      smsMonthlyCapCents: { type: 'number' },
      paymentStatus: { type: 'string', default: 'none' },
      stripeCustomerId: { type: 'string', default: 'none' },
      stripeSubscriptionId: { type: 'string' },
      /** Price tier (Stripe products are keyed by LGA classification). */
      classification: { type: 'string' },
      poNumber: { type: 'string' },
      trialEnd: { type: 'number' },
      currentPeriodEnd: { type: 'number' },
      cancelAtPeriodEnd: { type: 'boolean' },
      /** `created` of the newest Stripe event applied, so an older event never rolls status back. */
      lastEventCreated: { type: 'number' },
      /** Bumped by every change derived from the council's subscriptions: two webhooks never derive from stale siblings. */
      billingVersion: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'CUSTOMER' },
      },
      byStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [], casing: 'none', template: 'CUSTOMERS' },
        sk: { field: 'gsi1sk', composite: ['subscriptionStatus', 'lgaCode'], casing: 'none', template: '${subscriptionStatus}#${lgaCode}' },
      },
      byStripeId: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['stripeCustomerId'], casing: 'none', template: 'STRIPE#${stripeCustomerId}' },
        sk: { field: 'gsi2sk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
      },
    },
  },
  { table: 'placeholder' },
);
