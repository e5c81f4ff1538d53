// Which Lambda serves which GraphQL field. One Lambda per domain (Powertools' resolver-router
// model). The CDK API construct and the local AppSync both read this map, so a field is wired
// the same way in AWS and on a laptop.
export interface ApiDomain {
  /** Handler module, relative to the project root; it exports `handler`. */
  entry: string;
  fields: { Query?: string[]; Mutation?: string[]; Subscription?: string[] };
  /** Extra memory or time for heavy domains (road engine). */
  memorySize?: number;
  timeoutSeconds?: number;
}

export const apiDomains: Record<string, ApiDomain> = {
  foundation: {
    entry: 'lambdas/api/foundation/handler.ts',
    fields: {
      Query: ['me', 'lgas', 'lga', 'lgaDataImport'],
      Mutation: ['submitEnquiry', 'reportClientError'],
      Subscription: ['onEnquirySubmitted'],
    },
  },
};
