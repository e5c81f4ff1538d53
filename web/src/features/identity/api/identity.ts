import { queryOptions } from '@tanstack/react-query';
import { gql } from '../../../lib/api';

export interface Address {
  formatted: string;
  lat: number;
  lng: number;
}

export interface Profile {
  uid: string;
  email: string;
  displayName: string | null;
  preferredName: string | null;
  address: Address | null;
  lgaCode: string | null;
  /** AWSJSON: a JSON string owned by the web client. */
  mapOptions: string | null;
  /** Tonnes: the resident's vehicle, for unsealed-road restrictions. */
  vehicleGvm?: number | null;
  acceptedTermsAt: number | null;
  demo: boolean;
}

export interface ProfileInput {
  displayName?: string | null;
  preferredName?: string | null;
  address?: Address | null;
  lgaCode?: string | null;
  mapOptions?: string | null;
  vehicleGvm?: number | null;
}

export interface AccessRequest {
  id: string;
  lgaCode: string;
  lgaName: string | null;
  uid: string;
  email: string;
  displayName: string | null;
  roles: string[];
  status: 'pending' | 'accepted' | 'rejected' | string;
  grantedRoles: string[] | null;
  requestedAt: number;
  respondedAt: number | null;
}

export interface LgaListItem {
  code: string;
  name: string;
  nameLong: string | null;
  state: string | null;
  customerStatus: string;
}

export interface LgaRequest {
  lgaCode: string;
  signatoryCount: number;
  signed: boolean | null;
}

const PROFILE_FIELDS = 'uid email displayName preferredName address { formatted lat lng } lgaCode mapOptions vehicleGvm acceptedTermsAt demo';
export const ACCESS_REQUEST_FIELDS = 'id lgaCode lgaName uid email displayName roles status grantedRoles requestedAt respondedAt';

export const profileQuery = queryOptions({
  queryKey: ['myProfile'],
  queryFn: async () => (await gql<{ myProfile: Profile }>(`query MyProfile { myProfile { ${PROFILE_FIELDS} } }`)).myProfile,
});

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  const data = await gql<{ updateProfile: Profile }>(
    `mutation UpdateProfile($input: ProfileInput!) { updateProfile(input: $input) { ${PROFILE_FIELDS} } }`,
    { input },
  );
  return data.updateProfile;
}

export async function acceptTerms(): Promise<Profile> {
  return (await gql<{ acceptTerms: Profile }>(`mutation AcceptTerms { acceptTerms { ${PROFILE_FIELDS} } }`)).acceptTerms;
}

export async function deleteAccount(): Promise<boolean> {
  return (await gql<{ deleteAccount: boolean }>('mutation DeleteAccount { deleteAccount }')).deleteAccount;
}

export const lgasQuery = queryOptions({
  queryKey: ['lgas'],
  queryFn: async () =>
    (await gql<{ lgas: LgaListItem[] }>('query Lgas { lgas { code name nameLong state customerStatus } }')).lgas
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name)),
  staleTime: 10 * 60_000,
});

export const myAccessRequestsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['myAccessRequests'],
    queryFn: async () =>
      (await gql<{ myAccessRequests: AccessRequest[] }>(`query MyAccessRequests { myAccessRequests { ${ACCESS_REQUEST_FIELDS} } }`)).myAccessRequests,
    enabled,
  });

export async function requestLgaAccess(lgaCode: string, roles: string[]): Promise<AccessRequest> {
  const data = await gql<{ requestLgaAccess: AccessRequest }>(
    `mutation RequestLgaAccess($lgaCode: String!, $roles: [String!]) { requestLgaAccess(lgaCode: $lgaCode, roles: $roles) { ${ACCESS_REQUEST_FIELDS} } }`,
    { lgaCode, roles },
  );
  return data.requestLgaAccess;
}

export const lgaRequestQuery = (lgaCode: string | null) =>
  queryOptions({
    queryKey: ['lgaRequest', lgaCode],
    queryFn: async () =>
      (await gql<{ lgaRequest: LgaRequest }>('query LgaRequest($lgaCode: String!) { lgaRequest(lgaCode: $lgaCode) { lgaCode signatoryCount signed } }', { lgaCode })).lgaRequest,
    enabled: !!lgaCode,
  });

export async function signLgaRequest(lgaCode: string): Promise<LgaRequest> {
  const data = await gql<{ signLgaRequest: LgaRequest }>(
    'mutation SignLgaRequest($lgaCode: String!) { signLgaRequest(lgaCode: $lgaCode) { lgaCode signatoryCount signed } }',
    { lgaCode },
  );
  return data.signLgaRequest;
}

export async function reverseGeocode(lat: number, lng: number): Promise<string | null> {
  return (await gql<{ reverseGeocode: string | null }>('query ReverseGeocode($lat: Float!, $lng: Float!) { reverseGeocode(lat: $lat, lng: $lng) }', { lat, lng })).reverseGeocode;
}

export type DemoPersona = 'PUBLIC' | 'STAFF';

export async function demoSetActivePersona(persona: DemoPersona): Promise<{ username: string; token: string }> {
  const data = await gql<{ demoSetActivePersona: { username: string; token: string } }>(
    'mutation DemoSetActivePersona($persona: DemoPersona!) { demoSetActivePersona(persona: $persona) { username token expiresAt } }',
    { persona },
    { authMode: 'apiKey' },
  );
  return data.demoSetActivePersona;
}
