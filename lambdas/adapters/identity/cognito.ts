// The user pool's admin API: groups that mirror the database (admin, staff), account deletion,
// the demo persona accounts and linking of federated sign-ins. In AWS it uses USER_POOL_ID (or
// the pool id a trigger event carries); locally COGNITO_ENDPOINT points at cognito-local.
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { clientPerEndpoint } from '../platform/client-per-endpoint';

const cognito: () => CognitoIdentityProviderClient = clientPerEndpoint(
  () => process.env.COGNITO_ENDPOINT,
  (endpoint) =>
    new CognitoIdentityProviderClient({
      region: process.env.AWS_REGION ?? 'ap-southeast-2',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
);

function poolId(explicit?: string): string {
  const id = explicit ?? process.env.USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set');
  return id;
}

export const MIRRORED_GROUPS = ['admin', 'staff'] as const;
export type MirroredGroup = (typeof MIRRORED_GROUPS)[number];

export interface PoolUser {
  username: string;
  sub?: string;
  email?: string;
  emailVerified: boolean;
  status?: string;
  enabled: boolean;
}

const attribute = (attributes: AttributeType[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

function toPoolUser(username: string, attributes: AttributeType[] | undefined, status?: string, enabled?: boolean): PoolUser {
  return {
    username,
    sub: attribute(attributes, 'sub'),
    email: attribute(attributes, 'email')?.toLowerCase(),
    emailVerified: attribute(attributes, 'email_verified') === 'true',
    status,
    enabled: enabled !== false,
  };
}

/** Every pool user with this email: the native account and any unlinked federated ones. */
export async function usersWithEmail(email: string, userPoolId?: string): Promise<PoolUser[]> {
  const safe = email.toLowerCase().replace(/["\\]/g, '');
  const result = await cognito().send(new ListUsersCommand({ UserPoolId: poolId(userPoolId), Filter: `email = "${safe}"`, Limit: 60 }));
  return (result.Users ?? []).map((u) => toPoolUser(u.Username!, u.Attributes, u.UserStatus, u.Enabled));
}

export async function getUser(username: string, userPoolId?: string): Promise<PoolUser | undefined> {
  try {
    const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId(userPoolId), Username: username }));
    return toPoolUser(user.Username!, user.UserAttributes, user.UserStatus, user.Enabled);
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

/** The second factors the pool has on for this account (UserMFASettingList), e.g. SOFTWARE_TOKEN_MFA. */
export async function mfaSettingsOf(username: string, userPoolId?: string): Promise<string[]> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: poolId(userPoolId), Username: username }));
  return user.UserMFASettingList ?? [];
}

/**
 * Puts one account in exactly the wanted mirrored groups (adapters/identity/group-mirror.ts
 * decides what each account earns). By username, never by email alias: cognito-local's
 * AdminListGroupsForUser only matches the literal username.
 */
export async function setMirroredGroups(username: string, wanted: Record<MirroredGroup, boolean>, userPoolId?: string): Promise<void> {
  const UserPoolId = poolId(userPoolId);
  const listed = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId, Username: username }));
  const current = new Set((listed.Groups ?? []).map((g) => g.GroupName));
  for (const GroupName of MIRRORED_GROUPS) {
    if (wanted[GroupName] && !current.has(GroupName)) {
      await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName }));
    } else if (!wanted[GroupName] && current.has(GroupName)) {
      await cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: username, GroupName }));
    }
  }
}

export async function groupsOf(username: string, userPoolId?: string): Promise<string[]> {
  const listed = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: poolId(userPoolId), Username: username }));
  return (listed.Groups ?? []).map((g) => g.GroupName!).sort();
}

export async function deleteUser(username: string, userPoolId?: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolId(userPoolId), Username: username }));
  } catch (error) {
    // Deleting twice (a retried request) is done, not an error.
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}

/**
 * A confirmed account that nobody knows the password of: it signs in only through CUSTOM_AUTH
 * (the demo persona token). Returns the existing account when there is one.
 */
export async function ensurePasswordlessUser(email: string, name: string, userPoolId?: string): Promise<PoolUser> {
  const UserPoolId = poolId(userPoolId);
  const existing = await getUser(email, UserPoolId);
  if (existing) return existing;
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  // A permanent random password moves the account out of FORCE_CHANGE_PASSWORD.
  const password = `${randomBytes(24).toString('base64url')}aA1!`;
  await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
  return toPoolUser(created.User!.Username!, created.User!.Attributes, 'CONFIRMED', true);
}

/** Attaches a federated identity (Google_…, Facebook_…) to an existing native account. */
export async function linkProviderToUser(
  input: { userPoolId: string; existingUsername: string; providerName: string; providerUserId: string },
): Promise<void> {
  await cognito().send(
    new AdminLinkProviderForUserCommand({
      UserPoolId: input.userPoolId,
      DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: input.existingUsername },
      SourceUser: { ProviderName: input.providerName, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: input.providerUserId },
    }),
  );
}
