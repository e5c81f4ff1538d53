// System administration (platform administrators): the landing counts, enquiries and feedback,
// diagnostics, and the LGA boundaries imports. Every field checks the admin flag in the database.
import { createResolverHandler } from '../resolver';
import { diagnosticsFields } from './diagnostics';
import { enquiryFields } from './enquiries';
import { lgaDataFields } from './lga-data';

export const handler = createResolverHandler({
  ...diagnosticsFields,
  ...enquiryFields,
  ...lgaDataFields,
});
