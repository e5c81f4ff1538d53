// The signed-in user's own account: profile (/welcome, /profile), terms, and deleting it all.
import { z } from 'zod';
import { forbidden, validationError } from '../../core/errors';
import { DISABLED_IN_DEMO } from '../../core/identity/demo';
import { ProfileInput, profileChanges } from '../../core/identity/profile';
import { db } from '../../adapters/db/db';
import { nowSeconds } from '../../adapters/db/entities/common';
import { applyProfileChanges, deleteUserData, readProfile } from '../../adapters/identity/account';
import { deleteUser } from '../../adapters/identity/cognito';
import { publishEvent } from '../../adapters/platform/events';
import { field, type ResolverContext } from '../resolver';
import { profileView } from './shared';

const noArgs = z.object({}).strict();

/** The caller's profile; principal() has refused a caller without one. */
async function ownProfile(ctx: ResolverContext<unknown>) {
  const p = await ctx.principal();
  const profile = await readProfile(p.uid);
  if (!profile) throw forbidden();
  return profile;
}

export const profileFields = {
  myProfile: field({
    args: noArgs,
    access: 'user',
    async resolve(ctx) {
      return profileView(await ownProfile(ctx));
    },
  }),

  updateProfile: field({
    args: z.object({ input: ProfileInput }).strict(),
    access: 'user',
    async resolve(ctx) {
      const profile = await ownProfile(ctx);
      if (profile.demo) throw forbidden(DISABLED_IN_DEMO);
      const { input } = ctx.args;
      if (input.lgaCode) {
        const { data: lga } = await db().entities.lga.get({ code: input.lgaCode }).go();
        if (!lga) throw validationError('Invalid LGA');
      }
      return profileView(await applyProfileChanges(profile.uid, profileChanges(input)));
    },
  }),

  acceptTerms: field({
    args: noArgs,
    access: 'user',
    async resolve(ctx) {
      const profile = await ownProfile(ctx);
      return profileView(await applyProfileChanges(profile.uid, { set: { acceptedTermsAt: nowSeconds() }, remove: [] }));
    },
  }),

  /**
   * Removes the user's data first and the Cognito account last: every step can be repeated, so
   * if the last one fails the user can simply try again. That retry must work without a profile
   * (already deleted), so this reads the caller from the token, never through principal().
   * Which email's council roles go too is decided from the profile alone (deleteUserData).
   */
  deleteAccount: field({
    args: noArgs,
    access: 'user',
    async resolve({ caller, event }) {
      const uid = caller!.uid;
      const username = (event.identity as { username?: string } | null)?.username ?? uid;
      const profile = await readProfile(uid);
      if (profile?.demo) throw forbidden(DISABLED_IN_DEMO);
      const removed = await deleteUserData(uid);
      await deleteUser(username);
      await publishEvent('user.deleted', { uid, ...removed }, uid);
      return true;
    },
  }),
};
