// The council found by a staff member's mail domain: one small item per LGA mail domain
// (MAILDOMAIN#forbes.nsw.gov.au / LGA#12900), written in the same transaction that sets or clears
// the LGA's emailSuffix, so "which council is this address at?" is a Query, never a Scan.
import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

export const MailDomainEntity = new Entity(
  {
    model: { entity: 'mailDomain', version: '1', service: SERVICE },
    attributes: {
      domain: { type: 'string', required: true, readOnly: true },
      lgaCode: { type: 'string', required: true, readOnly: true },
      ...timestamps,
    },
    indexes: {
      byDomain: {
        pk: { field: 'pk', composite: ['domain'], casing: 'none', template: 'MAILDOMAIN#${domain}' },
        sk: { field: 'sk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
      },
    },
  },
  { table: 'placeholder' },
);
