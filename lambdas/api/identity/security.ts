// The profile's Security screen: whether the account has an authenticator app (TOTP). The app
// itself is set up and turned off by the client against Cognito (AssociateSoftwareToken,
// VerifySoftwareToken, SetUserMFAPreference with the user's own access token); afterwards the
// client asks this resolver to read the result from the user pool and record it on the profile,
// which is what the admin check reads (lambdas/core/identity/mfa.ts).
import { z } from 'zod';
import { forbidden } from '../../core/errors';
import { adminMfaEnforced, totpEnrolledIn } from '../../core/identity/mfa';
import { mfaSettingsOf } from '../../adapters/identity/cognito';
import { applyProfileChanges, readProfile } from '../../adapters/identity/account';
import { field } from '../resolver';

export const securityFields = {
  refreshMfaStatus: field({
    args: z.object({}).strict(),
    access: 'user',
    async resolve({ caller, event, principal }) {
      const p = await principal();
      const profile = await readProfile(p.uid);
      if (!profile) throw forbidden();
      // The token's own username (never an argument): the pool account this session belongs to.
      const username = (event.identity as { username?: string } | null)?.username ?? caller!.uid;
      const totpEnrolled = totpEnrolledIn(await mfaSettingsOf(username));
      if (profile.totpEnrolled !== totpEnrolled) {
        await applyProfileChanges(p.uid, { set: { totpEnrolled }, remove: [] });
      }
      return { totpEnrolled, admin: profile.admin === true, enforced: adminMfaEnforced() };
    },
  }),
};
