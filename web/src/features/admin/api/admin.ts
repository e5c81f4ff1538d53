// The System Administration API: landing counts, enquiries and feedback (live through
// onEnquirySubmitted), diagnostics and the LGA boundaries imports.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { liveSubscription } from '../../../lib/amplify';
import { currentAuthMode, gql } from '../../../lib/api';
import { keyedGql } from '../../../lib/keyed-write';

export interface Enquiry {
  id: string;
  kind: 'enquiry' | 'feedback';
  name: string;
  email: string;
  organisation: string | null;
  lgaCode: string | null;
  message: string;
  page: string | null;
  release: string | null;
  createdAt: number;
  handledAt: number | null;
  handledBy: string | null;
  repliedAt: number | null;
}
export type EnquiryFilter = 'ALL' | 'ENQUIRY' | 'FEEDBACK';

export const ENQUIRY_FIELDS = 'id kind name email organisation lgaCode message page release createdAt handledAt handledBy repliedAt';

export interface AdminOverview {
  customersByStatus: { status: string; count: number }[];
  openEnquiries: number;
  clientErrors24h: number;
  pageViewsTotal: number;
  pageViewsByRoute: { route: string; count: number }[];
  pageViewsByDay: { day: string; count: number }[];
  days: number;
}

export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: async () =>
      (
        await gql<{ adminOverview: AdminOverview }>(
          `query { adminOverview { customersByStatus { status count } openEnquiries clientErrors24h pageViewsTotal pageViewsByRoute { route count } pageViewsByDay { day count } days } }`,
        )
      ).adminOverview,
  });

const PAGE_SIZE = 25;

export const enquiriesQuery = (filter: EnquiryFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'enquiries', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await gql<{ enquiries: { items: Enquiry[]; nextToken: string | null } }>(
          `query Enquiries($limit: Int, $nextToken: String, $kind: EnquiryKind) { enquiries(limit: $limit, nextToken: $nextToken, kind: $kind) { items { ${ENQUIRY_FIELDS} } nextToken } }`,
          { limit: PAGE_SIZE, nextToken: pageParam, kind: filter === 'ALL' ? null : filter },
        )
      ).enquiries,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });

export async function markEnquiryHandled(id: string, handled: boolean): Promise<Enquiry> {
  return (
    await gql<{ markEnquiryHandled: Enquiry }>(
      `mutation($id: ID!, $handled: Boolean!) { markEnquiryHandled(id: $id, handled: $handled) { ${ENQUIRY_FIELDS} } }`,
      { id, handled },
    )
  ).markEnquiryHandled;
}

export async function replyToEnquiry(id: string, message: string): Promise<Enquiry> {
  return (
    await gql<{ replyToEnquiry: Enquiry }>(`mutation($id: ID!, $message: String!) { replyToEnquiry(id: $id, message: $message) { ${ENQUIRY_FIELDS} } }`, {
      id,
      message,
    })
  ).replyToEnquiry;
}

/** Each new enquiry or feedback as it is submitted; returns the unsubscribe function. */
export function subscribeToEnquiries(onEnquiry: (e: Enquiry) => void, onError: (error: unknown) => void): () => void {
  return liveSubscription<Enquiry>(
    { query: `subscription { onEnquirySubmitted { ${ENQUIRY_FIELDS} } }`, authMode: currentAuthMode(), field: 'onEnquirySubmitted' },
    onEnquiry,
    onError,
  );
}

export interface ClientErrorGroup {
  id: string;
  message: string;
  stack: string | null;
  route: string | null;
  release: string | null;
  browser: string | null;
  count: number;
  firstSeen: number;
  lastSeen: number;
}
export interface Diagnostics {
  errors: ClientErrorGroup[];
  nextToken: string | null;
  schedules: { name: string; description: string; lastRunAt: number | null; outcome: string | null; detail: string | null }[];
  deadLetters: { name: string; messages: number }[] | null;
}

export const diagnosticsQuery = (since: number) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'diagnostics', since],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await gql<{ diagnostics: Diagnostics }>(
          `query Diagnostics($limit: Int, $nextToken: String, $since: AWSTimestamp) { diagnostics(limit: $limit, nextToken: $nextToken, since: $since) {
            errors { id message stack route release browser count firstSeen lastSeen } nextToken
            schedules { name description lastRunAt outcome detail } deadLetters { name messages } } }`,
          { limit: PAGE_SIZE, nextToken: pageParam, since },
        )
      ).diagnostics,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });

export interface LgaDataImportRecord {
  timestamp: number;
  lgaCount: number;
  bytes: number | null;
  rolledBackFrom: number | null;
  current: boolean;
}
const IMPORT_FIELDS = 'timestamp lgaCount bytes rolledBackFrom current';

export const lgaDataImportsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'lgaDataImports'],
    queryFn: async () => (await gql<{ lgaDataImports: LgaDataImportRecord[] }>(`query { lgaDataImports(limit: 10) { ${IMPORT_FIELDS} } }`)).lgaDataImports,
  });

/** Uploads the file with a presigned POST, then asks the server to validate and publish it. */
export async function uploadLgaData(file: File): Promise<LgaDataImportRecord> {
  const { createLgaDataUpload: upload } = await keyedGql<{ createLgaDataUpload: { uploadId: string; url: string; fields: string } }>(
    `mutation($bytes: Int!, $idempotencyKey: String) { createLgaDataUpload(bytes: $bytes, idempotencyKey: $idempotencyKey) { uploadId url fields } }`,
    { bytes: file.size },
  );
  const form = new FormData();
  for (const [key, value] of Object.entries(JSON.parse(upload.fields) as Record<string, string>)) form.append(key, value);
  form.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`The upload failed (the storage answered ${response.status}).`);
  return (
    await gql<{ publishLgaDataImport: LgaDataImportRecord }>(`mutation($id: ID!) { publishLgaDataImport(uploadId: $id) { ${IMPORT_FIELDS} } }`, {
      id: upload.uploadId,
    })
  ).publishLgaDataImport;
}

export async function rollbackLgaData(): Promise<LgaDataImportRecord> {
  return (await gql<{ rollbackLgaDataImport: LgaDataImportRecord }>(`mutation { rollbackLgaDataImport { ${IMPORT_FIELDS} } }`)).rollbackLgaDataImport;
}

export interface DemoDataResult {
  lgaCode: string;
  closures: number;
  reports: number;
  subscribers: number;
}

export async function generateDemoData(input: { lgaCode: string; closures: number; reports: number; subscribers: number }): Promise<DemoDataResult> {
  return (
    await gql<{ generateDemoData: DemoDataResult }>(
      `mutation($input: DemoDataInput!) { generateDemoData(input: $input) { lgaCode closures reports subscribers } }`,
      { input },
    )
  ).generateDemoData;
}
