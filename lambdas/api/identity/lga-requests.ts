// "Please join" requests (spec §3 LGA request): residents sign a request for their council to
// join; the dashboard's LGA info card shows how many have signed and whether the caller has.
import { z } from 'zod';
import { AppError, conflict, isAppError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import { hasSigned, signLgaRequest, signatoryCount } from '../../adapters/identity/account';
import { publishEvent } from '../../adapters/platform/events';
import { field, logger } from '../resolver';
import { loadLga } from './shared';

export const SIGN_FAILED_MESSAGE = 'Oops! Something went wrong signing the request.';
export const ALREADY_SIGNED_MESSAGE = 'You have already signed the request for this LGA';

export const lgaRequestFields = {
  lgaRequest: field({
    args: z.object({ lgaCode }).strict(),
    access: 'public',
    async resolve({ args, caller }) {
      await loadLga(args.lgaCode);
      const [count, signed] = await Promise.all([
        signatoryCount(args.lgaCode),
        caller ? hasSigned(args.lgaCode, caller.uid) : Promise.resolve(null),
      ]);
      return { lgaCode: args.lgaCode, signatoryCount: count, signed };
    },
  }),

  signLgaRequest: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      // Any unexpected failure reads as the spec's message, not the generic one.
      try {
        const p = await principal();
        await loadLga(args.lgaCode);
        // A signature names its signer's address only when the account proved it is theirs.
        const outcome = await signLgaRequest(args.lgaCode, { uid: p.uid, displayName: p.displayName, email: p.emailUnverified ? undefined : p.email });
        if (outcome === 'already-signed') throw conflict(ALREADY_SIGNED_MESSAGE);
        const count = await signatoryCount(args.lgaCode);
        await publishEvent('lgaRequest.signed', { lgaCode: args.lgaCode, signatoryCount: count }, p.uid);
        return { lgaCode: args.lgaCode, signatoryCount: count, signed: true };
      } catch (error) {
        if (isAppError(error)) throw error;
        logger.error('signing an LGA request failed', { error: error as Error });
        throw new AppError('Internal', SIGN_FAILED_MESSAGE);
      }
    },
  }),
};
