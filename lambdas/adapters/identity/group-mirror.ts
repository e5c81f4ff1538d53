// The Cognito groups `admin` and `staff` mirror the table for every account holding an address.
// Groups are a convenience for clients and the AppSync console; no resolver reads them.
import { setMirroredGroups, usersWithEmail, type MirroredGroup } from './cognito';
import { getProfile } from './principal';

/**
 * Puts every account with this email in exactly the mirrored groups its own profile earns: `admin`
 * by the profile's flag, `staff` (`staff` true: the address is on a managers list) only when the
 * profile proved the address. Another account wearing the same address unverified (a Facebook
 * sign-in, say) gets neither. An email with no account yet (an invited manager) is fine:
 * post-confirmation mirrors it on sign-up.
 */
export async function mirrorGroups(email: string, { staff }: { staff: boolean }, userPoolId?: string): Promise<void> {
  for (const user of await usersWithEmail(email, userPoolId)) {
    const profile = user.sub ? await getProfile(user.sub) : undefined;
    const verified = profile !== undefined && profile.emailVerified !== false && profile.email === email.toLowerCase();
    const wanted: Record<MirroredGroup, boolean> = { admin: profile?.admin === true, staff: staff && verified };
    await setMirroredGroups(user.username, wanted, userPoolId);
  }
}
