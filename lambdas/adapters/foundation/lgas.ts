// LGA reads joined with each council's customer status (the list view needs both).
import type { CustomerStatus } from '../../core/access';
import { db } from '../db/db';

export interface LgaRecord {
  code: string;
  name: string;
  nameLong?: string;
  state?: string;
  centroid?: { lat: number; lng: number };
  bbox?: number[];
  customerStatus: CustomerStatus;
}

async function customerStatuses(): Promise<Map<string, CustomerStatus>> {
  // Customers are few (paying councils), so one query of the CUSTOMERS index serves every list.
  const { data } = await db().entities.customer.query.byStatus({}).go({ pages: 'all' });
  return new Map(data.map((c) => [c.lgaCode, c.subscriptionStatus as CustomerStatus]));
}

export async function listLgas(): Promise<LgaRecord[]> {
  const [{ data }, statuses] = await Promise.all([
    db().entities.lga.query.all({}).go({ pages: 'all' }),
    customerStatuses(),
  ]);
  return data.map((lga) => ({ ...lga, customerStatus: statuses.get(lga.code) ?? 'none' }));
}

export async function getLga(code: string): Promise<LgaRecord | undefined> {
  const [{ data: lga }, { data: customer }] = await Promise.all([
    db().entities.lga.get({ code }).go(),
    db().entities.customer.get({ lgaCode: code }).go(),
  ]);
  if (!lga) return undefined;
  return { ...lga, customerStatus: (customer?.subscriptionStatus as CustomerStatus) ?? 'none' };
}

export async function latestLgaDataImport() {
  const { data } = await db().entities.lgaDataImport.query.byTimestamp({}).go({ order: 'desc', limit: 1 });
  return data[0];
}
