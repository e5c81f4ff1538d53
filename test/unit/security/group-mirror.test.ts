// The Cognito groups mirror the table for every account holding an address, and an account that
// holds the address unverified (a Facebook sign-in with a council officer's email) is not put in
// the officer's staff group, nor left in it, when the officer's roles are mirrored (on a role
// change or at the officer's own post-confirmation).
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const profiles = vi.hoisted(() => new Map<string, { uid: string; email: string; admin: boolean; emailVerified?: boolean }>());
vi.mock('../../../lambdas/adapters/identity/principal', () => ({ getProfile: async (uid: string) => profiles.get(uid) }));

import { mirrorGroups } from '../../../lambdas/adapters/identity/group-mirror';

const EMAIL = 'officer@forbes.nsw.gov.au';
const attrs = (sub: string) => [
  { Name: 'sub', Value: sub },
  { Name: 'email', Value: EMAIL },
];

describe('mirrorGroups', () => {
  let groups: Map<string, Set<string>>;

  beforeEach(() => {
    process.env.USER_POOL_ID = 'pool';
    profiles.clear();
    profiles.set('officer-sub', { uid: 'officer-sub', email: EMAIL, admin: false });
    profiles.set('facebook-sub', { uid: 'facebook-sub', email: EMAIL, admin: false, emailVerified: false });
    // The impostor was put in the staff group by an earlier mirror.
    groups = new Map([
      ['officer', new Set<string>()],
      ['facebook_42', new Set(['staff'])],
    ]);
    vi.spyOn(CognitoIdentityProviderClient.prototype, 'send').mockImplementation(async (command: any) => {
      const name = command.constructor.name as string;
      const input = command.input;
      if (name === 'ListUsersCommand') {
        return {
          Users: [
            { Username: 'officer', Attributes: attrs('officer-sub'), UserStatus: 'CONFIRMED', Enabled: true },
            { Username: 'facebook_42', Attributes: attrs('facebook-sub'), UserStatus: 'EXTERNAL_PROVIDER', Enabled: true },
          ],
        };
      }
      if (name === 'AdminListGroupsForUserCommand') return { Groups: [...groups.get(input.Username)!].map((GroupName) => ({ GroupName })) };
      if (name === 'AdminAddUserToGroupCommand') groups.get(input.Username)!.add(input.GroupName);
      if (name === 'AdminRemoveUserFromGroupCommand') groups.get(input.Username)!.delete(input.GroupName);
      return {};
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('puts the verified account in staff and takes the unverified one out', async () => {
    await mirrorGroups(EMAIL, { staff: true });
    expect([...groups.get('officer')!]).toEqual(['staff']);
    expect([...groups.get('facebook_42')!]).toEqual([]);
  });

  it('gives admin by each account’s own profile, never by a shared address', async () => {
    profiles.set('officer-sub', { uid: 'officer-sub', email: EMAIL, admin: true });
    await mirrorGroups(EMAIL, { staff: false });
    expect([...groups.get('officer')!]).toEqual(['admin']);
    expect([...groups.get('facebook_42')!]).toEqual([]);
  });
});
