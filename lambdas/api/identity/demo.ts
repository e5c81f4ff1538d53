// demoSetActivePersona (spec §7): in a demo deployment (DEMO_MODE=1) a visitor picks a persona
// and gets a one-time token; the web client then signs in as that persona with CUSTOM_AUTH,
// answering the first challenge with the token (the verify trigger accepts it once, 5 minutes).
import { z } from 'zod';
import { forbidden } from '../../core/errors';
import { DEMO_MODE_OFF, DEMO_PERSONAS, isDemoMode } from '../../core/identity/demo';
import { DEMO_TOKEN_TTL_SECONDS, hashSecret, newSecret } from '../../core/identity/email-link';
import { db } from '../../adapters/db/db';
import { nowSeconds } from '../../adapters/db/entities/common';
import { createProfile } from '../../adapters/identity/principal';
import { ensurePasswordlessUser } from '../../adapters/identity/cognito';
import { storeSecret } from '../../adapters/identity/secrets';
import { field } from '../resolver';
import { mirrorStaffGroups } from './shared';

export const demoFields = {
  demoSetActivePersona: field({
    args: z.object({ persona: z.enum(['PUBLIC', 'STAFF']) }).strict(),
    access: 'public',
    async resolve({ args }) {
      if (!isDemoMode()) throw forbidden(DEMO_MODE_OFF);
      const persona = DEMO_PERSONAS[args.persona];
      const user = await ensurePasswordlessUser(persona.email, persona.displayName);
      const uid = user.sub!;
      // Set up (or put back) what a previous visitor may have changed: LGA and roles.
      await createProfile(uid, persona.email, persona.displayName);
      await db().entities.user.patch({ uid }).set({ demo: true, lgaCode: persona.lgaCode, displayName: persona.displayName }).go();
      if (persona.roles.length > 0) {
        await db().entities.manager.upsert({ lgaCode: persona.lgaCode, email: persona.email, roles: persona.roles, addedBy: 'demo' }).go();
      }
      await mirrorStaffGroups(persona.email);
      const token = newSecret();
      await storeSecret(uid, 'demo', hashSecret(token), DEMO_TOKEN_TTL_SECONDS);
      return { username: persona.email, token, expiresAt: nowSeconds() + DEMO_TOKEN_TTL_SECONDS };
    },
  }),
};
