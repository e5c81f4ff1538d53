// How an enquiry reaches the client (nullable fields as null, old items as enquiries). Kept apart
// from the admin resolvers so the public submitEnquiry bundles no mail or admin code.
import type { getEnquiry } from '../../adapters/admin/enquiries';

type EnquiryItem = NonNullable<Awaited<ReturnType<typeof getEnquiry>>>;

export const enquiryView = (e: EnquiryItem) => ({
  ...e,
  kind: e.kind ?? 'enquiry',
  organisation: e.organisation ?? null,
  lgaCode: e.lgaCode ?? null,
  page: e.page ?? null,
  release: e.release ?? null,
  handledAt: e.handledAt ?? null,
  handledBy: e.handledBy ?? null,
  repliedAt: e.repliedAt ?? null,
});

