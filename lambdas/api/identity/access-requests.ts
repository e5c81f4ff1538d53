// Access requests (spec §6): staff ask an LGA's account managers for roles; the account managers
// see them on their dashboard and accept (with the requested or adjusted roles) or reject; the
// requester sees the outcome on their own dashboard (myAccessRequests).
import { z } from 'zod';
import { accessRequestCheck, canManageAccounts } from '../../core/access';
import { conflict, forbidden, notFound, unauthorized, validationError } from '../../core/errors';
import { lgaCode } from '../../core/validation';
import {
  REQUEST_NOT_FOUND,
  ROLES_REQUIRED,
  accessRequestId,
  optionalRoles,
  orderAccessRequests,
  requestIdSchema,
} from '../../core/identity/staff-access';
import { nowSeconds } from '../../adapters/db/entities/common';
import {
  answerAccessRequest,
  createAccessRequest,
  getAccessRequest,
  pendingRequestCount,
  requestsOfLga,
  requestsOfUser,
} from '../../adapters/identity/staff';
import { publishEvent } from '../../adapters/platform/events';
import { field } from '../resolver';
import { accessRequestView, loadLga, mirrorStaffGroups } from './shared';

export const SIGNED_OUT_MESSAGE = 'You must be signed in as a staff member to request access to an LGA';
export const NO_CLAIM_MESSAGE = "You don't have permissions to request access to an LGA.";
export const ALREADY_STAFF_MESSAGE = 'You already have access to this LGA';
export const ALREADY_PENDING_MESSAGE = 'You already have a pending request for this LGA';
export const ALREADY_ANSWERED_MESSAGE = 'This access request has already been answered';

export const accessRequestFields = {
  // Public at the API so a signed-out caller gets the spec's message, not AppSync's generic one.
  requestLgaAccess: field({
    args: z.object({ lgaCode, roles: optionalRoles.nullable().optional() }).strict(),
    access: 'public',
    async resolve({ args, caller, principal }) {
      if (!caller) throw unauthorized(SIGNED_OUT_MESSAGE);
      const p = await principal();
      const lga = await loadLga(args.lgaCode);
      const check = accessRequestCheck(p, lga);
      if (check === 'no-claim' || check === 'signed-out') throw forbidden(NO_CLAIM_MESSAGE);
      if (check === 'already-staff') throw conflict(ALREADY_STAFF_MESSAGE);
      const mine = await requestsOfUser(p.uid);
      if (mine.some((r) => r.lgaCode === lga.code && r.status === 'pending')) throw conflict(ALREADY_PENDING_MESSAGE);
      const request = {
        lgaCode: lga.code,
        lgaName: lga.name,
        uid: p.uid,
        requestedAt: nowSeconds(),
        email: p.email,
        displayName: p.displayName,
        roles: args.roles ?? [],
      };
      if (!(await createAccessRequest(request))) throw conflict(ALREADY_PENDING_MESSAGE);
      await publishEvent('accessRequest.created', { lgaCode: lga.code, requestId: accessRequestId(request), uid: p.uid, roles: request.roles }, p.uid);
      return accessRequestView({ ...request, status: 'pending' });
    },
  }),

  /** For the dashboard card: status PENDING, limit 5, and the pending count from its counter. */
  accessRequests: field({
    args: z
      .object({
        lgaCode,
        status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']).nullable().optional(),
        limit: z.number().int().min(1, 'Invalid limit').max(100, 'Invalid limit').nullable().optional(),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      if (!canManageAccounts(await principal(), args.lgaCode)) throw forbidden();
      await loadLga(args.lgaCode);
      const wanted = args.status?.toLowerCase();
      const all = orderAccessRequests(await requestsOfLga(args.lgaCode)).filter((r) => !wanted || r.status === wanted);
      return {
        items: all.slice(0, args.limit ?? 100).map(accessRequestView),
        pendingCount: await pendingRequestCount(args.lgaCode),
      };
    },
  }),

  respondToAccessRequest: field({
    args: z
      .object({
        lgaCode,
        requestId: requestIdSchema,
        decision: z.enum(['ACCEPT', 'REJECT']),
        roles: optionalRoles.nullable().optional(),
      })
      .strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      if (!canManageAccounts(p, args.lgaCode)) throw forbidden();
      const request = await getAccessRequest(args.lgaCode, args.requestId);
      if (!request) throw notFound(REQUEST_NOT_FOUND);
      if (request.status !== 'pending') throw conflict(ALREADY_ANSWERED_MESSAGE);
      const accept = args.decision === 'ACCEPT';
      const grantedRoles = accept ? (args.roles ?? optionalRoles.parse(request.roles)) : [];
      if (accept && grantedRoles.length === 0) throw validationError(ROLES_REQUIRED);
      const decision = accept ? 'accepted' : 'rejected';
      if (!(await answerAccessRequest(request, { decision, grantedRoles, respondedBy: p.email }))) {
        throw conflict(ALREADY_ANSWERED_MESSAGE);
      }
      if (accept) await mirrorStaffGroups(request.email);
      const requestId = accessRequestId(request);
      await publishEvent(
        'accessRequest.answered',
        { lgaCode: request.lgaCode, requestId, uid: request.uid, decision, roles: grantedRoles },
        p.uid,
      );
      return accessRequestView({ ...request, status: decision, grantedRoles, respondedAt: nowSeconds() });
    },
  }),

  myAccessRequests: field({
    args: z.object({}).strict(),
    access: 'user',
    async resolve({ principal }) {
      return (await requestsOfUser((await principal()).uid)).map(accessRequestView);
    },
  }),
};
