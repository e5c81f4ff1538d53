// What anyone may send to the platform's administrators: an enquiry (councils: get in touch on
// /home) or feedback (the Feedback button). The page-view counter is in page-views.ts.
import { keyedGql } from '../../../lib/keyed-write';
import { ENQUIRY_FIELDS, type Enquiry } from './admin';

export interface EnquiryDraft {
  kind: 'ENQUIRY' | 'FEEDBACK';
  name: string;
  email: string;
  organisation?: string;
  message: string;
  page?: string;
  release?: string;
}

export async function submitEnquiry(input: EnquiryDraft): Promise<Enquiry> {
  // Every field the admins' live subscription asks for is selected here (AppSync sends the mutation's selection).
  return (await keyedGql<{ submitEnquiry: Enquiry }>(`mutation($input: EnquiryInput!, $idempotencyKey: String) { submitEnquiry(input: $input, idempotencyKey: $idempotencyKey) { ${ENQUIRY_FIELDS} } }`, { input })).submitEnquiry;
}
