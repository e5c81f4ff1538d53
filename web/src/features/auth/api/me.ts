import { gql } from '../../../lib/api';

export interface ManagedLga {
  lgaCode: string;
  lgaName: string | null;
  roles: string[];
  /** none, trialing, active, canceled, unpaid */
  customerStatus: string;
}

export interface Me {
  uid: string;
  email: string;
  displayName: string | null;
  preferredName: string | null;
  admin: boolean;
  staff: boolean;
  managed: ManagedLga[];
  lgaCode: string | null;
  /** An administrator without the required authenticator app: no admin power until it is set up. */
  adminMfaRequired?: boolean | null;
  /** Spec §2, decided by the server: at a council's mail domain, on no managers list, nothing pending. */
  canRequestAccess?: boolean | null;
}

const ME = /* GraphQL */ `
  query Me {
    me {
      uid
      email
      displayName
      preferredName
      admin
      staff
      lgaCode
      managed { lgaCode lgaName roles customerStatus }
      adminMfaRequired
      canRequestAccess
    }
  }
`;

export async function fetchMe(): Promise<Me> {
  const data = await gql<{ me: Me }>(ME, undefined, { authMode: 'userPool' });
  return data.me;
}

export const meQueryKey = (userId: string | null) => ['me', userId] as const;
