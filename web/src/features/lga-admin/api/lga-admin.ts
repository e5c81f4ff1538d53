import { queryOptions } from '@tanstack/react-query';
import { gql } from '../../../lib/api';
import { ACCESS_REQUEST_FIELDS, type AccessRequest } from '../../identity/api/identity';

export interface Manager {
  lgaCode: string;
  email: string;
  roles: string[];
  displayName: string | null;
  registered: boolean;
  addedBy: string | null;
  updatedAt: number | null;
}

export interface AccessRequestPage {
  items: AccessRequest[];
  pendingCount: number;
}

const MANAGER_FIELDS = 'lgaCode email roles displayName registered addedBy updatedAt';

export const managersQuery = (lgaCode: string) =>
  queryOptions({
    queryKey: ['managers', lgaCode],
    queryFn: async () =>
      (await gql<{ managers: Manager[] }>(`query Managers($lgaCode: String!) { managers(lgaCode: $lgaCode) { ${MANAGER_FIELDS} } }`, { lgaCode })).managers
        .slice()
        .sort((a, b) => a.email.localeCompare(b.email)),
  });

export const accessRequestsQuery = (lgaCode: string, limit?: number) =>
  queryOptions({
    queryKey: ['accessRequests', lgaCode, limit ?? null],
    queryFn: async () =>
      (
        await gql<{ accessRequests: AccessRequestPage }>(
          `query AccessRequests($lgaCode: String!, $status: AccessRequestStatus, $limit: Int) {
            accessRequests(lgaCode: $lgaCode, status: $status, limit: $limit) { items { ${ACCESS_REQUEST_FIELDS} } pendingCount }
          }`,
          { lgaCode, status: 'PENDING', limit },
        )
      ).accessRequests,
  });

export async function setManager(lgaCode: string, email: string, roles: string[]): Promise<Manager> {
  const data = await gql<{ setManager: Manager }>(
    `mutation SetManager($lgaCode: String!, $email: String!, $roles: [String!]!) { setManager(lgaCode: $lgaCode, email: $email, roles: $roles) { ${MANAGER_FIELDS} } }`,
    { lgaCode, email, roles },
  );
  return data.setManager;
}

export async function removeManager(lgaCode: string, email: string): Promise<Manager> {
  const data = await gql<{ removeManager: Manager }>(
    `mutation RemoveManager($lgaCode: String!, $email: String!) { removeManager(lgaCode: $lgaCode, email: $email) { ${MANAGER_FIELDS} } }`,
    { lgaCode, email },
  );
  return data.removeManager;
}

export async function respondToAccessRequest(
  lgaCode: string,
  requestId: string,
  decision: 'ACCEPT' | 'REJECT',
  roles?: string[],
): Promise<AccessRequest> {
  const data = await gql<{ respondToAccessRequest: AccessRequest }>(
    `mutation RespondToAccessRequest($lgaCode: String!, $requestId: ID!, $decision: AccessRequestDecision!, $roles: [String!]) {
      respondToAccessRequest(lgaCode: $lgaCode, requestId: $requestId, decision: $decision, roles: $roles) { ${ACCESS_REQUEST_FIELDS} }
    }`,
    { lgaCode, requestId, decision, roles },
  );
  return data.respondToAccessRequest;
}
