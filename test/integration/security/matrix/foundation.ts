// Matrix rows: who I am, the LGAs and their data bundle, enquiries, client errors, and the system
// administration screens (platform administrators only, except the page-view counter).
import { randomUUID } from 'node:crypto';
import { ADMIN_ONLY, EVERYONE, SIGNED_IN, type Rows } from './types';
import { enquiry, republishLgaBoundaries } from './fixtures';

export const foundationRows: Rows = {
  'Query.me': { expected: SIGNED_IN, document: 'query { me { uid admin } }' },
  'Query.lgas': { expected: EVERYONE, document: 'query { lgas { code } }' },
  'Query.lga': { expected: EVERYONE, document: 'query($c: ID!) { lga(code: $c) { code } }', call: (c) => ({ variables: { c: c.lga } }) },
  'Query.lgaDataImport': { expected: EVERYONE, document: 'query { lgaDataImport { lgaCount } }' },
  'Query.lgaClosureSummary': {
    expected: EVERYONE,
    document: 'query($c: String!) { lgaClosureSummary(lgaCode: $c) { lgaCode active } }',
    call: (c) => ({ variables: { c: c.lga } }),
    note: 'public counts of the map: the same for every caller',
  },
  'Mutation.submitEnquiry': {
    expected: EVERYONE,
    document: 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }',
    call: (c) => ({ variables: { i: { name: `Matrix ${c.caller}`, email: 'matrix@matrix.example', message: 'Authorization matrix' } } }),
  },
  'Mutation.reportClientError': {
    expected: EVERYONE,
    document: 'mutation($i: ClientErrorInput!) { reportClientError(input: $i) }',
    call: () => ({ variables: { i: { message: 'Authorization matrix' } } }),
  },
  'Subscription.onEnquirySubmitted': { expected: ADMIN_ONLY, document: 'subscription { onEnquirySubmitted { id } }', note: 'refused when subscribing' },

  // --- system administration ---
  'Query.adminOverview': { expected: ADMIN_ONLY, document: 'query { adminOverview { openEnquiries } }' },
  'Query.enquiries': { expected: ADMIN_ONLY, document: 'query { enquiries(limit: 1) { nextToken } }' },
  'Query.diagnostics': { expected: ADMIN_ONLY, document: 'query { diagnostics(limit: 1) { nextToken } }' },
  'Query.lgaDataImports': { expected: ADMIN_ONLY, document: 'query { lgaDataImports(limit: 1) { timestamp } }' },
  'Mutation.markEnquiryHandled': {
    expected: ADMIN_ONLY,
    document: 'mutation($id: ID!) { markEnquiryHandled(id: $id, handled: true) { id } }',
    call: async () => ({ variables: { id: await enquiry() } }),
  },
  'Mutation.replyToEnquiry': {
    expected: ADMIN_ONLY,
    document: 'mutation($id: ID!) { replyToEnquiry(id: $id, message: "Thank you (matrix)") { id } }',
    call: async () => ({ variables: { id: await enquiry() } }),
  },
  'Mutation.recordPageView': { expected: EVERYONE, document: 'mutation { recordPageView(route: "/map") }', note: 'anonymous counters, no personal data' },
  'Mutation.createLgaDataUpload': { expected: ADMIN_ONLY, document: 'mutation { createLgaDataUpload(bytes: 1000) { uploadId } }' },
  'Mutation.publishLgaDataImport': {
    expected: { ...ADMIN_ONLY, admin: 'NotFound' },
    document: 'mutation($u: ID!) { publishLgaDataImport(uploadId: $u) { timestamp } }',
    call: () => ({ variables: { u: randomUUID() } }),
    note: "the admin passes and meets 'Upload the file first': publishing a real file replaces every LGA record the other cells use (admin/lga-data.test.ts publishes one)",
  },
  'Mutation.rollbackLgaDataImport': {
    expected: ADMIN_ONLY,
    document: 'mutation { rollbackLgaDataImport { timestamp rolledBackFrom } }',
    call: async (c) => {
      if (c.caller === 'admin') await republishLgaBoundaries();
      return {};
    },
    lock: 'lga-data',
    note: 'before the admin\'s cell the current bundle is published again unchanged, so the rollback brings back the same boundaries',
  },
  'Mutation.generateDemoData': {
    expected: ADMIN_ONLY,
    document: 'mutation($c: String!) { generateDemoData(input: { lgaCode: $c, closures: 0, reports: 0, subscribers: 0 }) { lgaCode } }',
    call: (c) => ({ variables: { c: c.lga } }),
    note: 'asks for nothing, so the council is left as it was',
  },
};
