// What the identity resolvers share: loading an LGA by code, the GraphQL shapes of profiles,
// managers and access requests, and keeping the Cognito groups in step with the table.
import type { CustomerStatus } from '../../core/access';
import { notFound } from '../../core/errors';
import { accessRequestId } from '../../core/identity/staff-access';
import { db } from '../../adapters/db/db';
import { mirrorGroups } from '../../adapters/identity/group-mirror';
import { managesAnyLga, type AccessRequestRecord, type ManagerRecord } from '../../adapters/identity/staff';
import { profileByEmail, readProfile } from '../../adapters/identity/account';
import { logger } from '../resolver';

export interface LgaWithCustomer {
  code: string;
  name: string;
  emailSuffix?: string;
  customerStatus: CustomerStatus;
}

export async function loadLga(code: string): Promise<LgaWithCustomer> {
  const [{ data: lga }, { data: customer }] = await Promise.all([
    db().entities.lga.get({ code }).go(),
    db().entities.customer.get({ lgaCode: code }).go(),
  ]);
  if (!lga) throw notFound('Invalid LGA');
  return { code, name: lga.name, emailSuffix: lga.emailSuffix, customerStatus: (customer?.subscriptionStatus as CustomerStatus) ?? 'none' };
}

type Profile = NonNullable<Awaited<ReturnType<typeof readProfile>>>;

export function profileView(profile: Profile) {
  return {
    uid: profile.uid,
    email: profile.email,
    displayName: profile.displayName ?? null,
    preferredName: profile.preferredName ?? null,
    address: profile.address ?? null,
    lgaCode: profile.lgaCode ?? null,
    mapOptions: profile.mapOptions ?? null,
    vehicleGvm: profile.vehicleGvm ?? null,
    acceptedTermsAt: profile.acceptedTermsAt ?? null,
    demo: profile.demo === true,
  };
}

export function accessRequestView(request: AccessRequestRecord) {
  return {
    id: accessRequestId(request),
    lgaCode: request.lgaCode,
    lgaName: request.lgaName ?? null,
    uid: request.uid,
    email: request.email,
    displayName: request.displayName ?? null,
    roles: request.roles,
    status: request.status,
    grantedRoles: request.grantedRoles ?? null,
    requestedAt: request.requestedAt,
    respondedAt: request.respondedAt ?? null,
  };
}

export async function managerView(manager: ManagerRecord) {
  const profile = await profileByEmail(manager.email);
  return {
    lgaCode: manager.lgaCode,
    email: manager.email,
    roles: manager.roles,
    displayName: profile?.displayName ?? null,
    registered: profile !== undefined,
    addedBy: manager.addedBy ?? null,
    updatedAt: manager.updatedAt ?? null,
  };
}

/**
 * Mirrors the table into the user's Cognito groups after a role change. The groups are a
 * convenience for clients, never an authority, so a failure here is logged and the change
 * (already committed) stands; the next change or sign-up mirrors again.
 */
export async function mirrorStaffGroups(email: string): Promise<void> {
  try {
    await mirrorGroups(email, { staff: await managesAnyLga(email) });
  } catch (error) {
    logger.warn('could not mirror Cognito groups', { error: error as Error });
  }
}
