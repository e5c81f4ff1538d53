// User Role Assignment (/lga/{code}/accounts): an LGA's managers and their roles, kept by the
// LGA's account managers or an admin. No active customer is needed (spec §2).
import { z } from 'zod';
import { canManageAccounts, type Principal } from '../../core/access';
import { conflict, forbidden, notFound } from '../../core/errors';
import { email, lgaCode } from '../../core/validation';
import { LAST_ACCOUNT_MANAGER, leavesNoAccountManager, requiredRoles } from '../../core/identity/staff-access';
import { deleteManager, getManager, listManagers, putManager } from '../../adapters/identity/staff';
import { publishEvent } from '../../adapters/platform/events';
import { sendMail } from '../../adapters/platform/mail';
import { field, logger } from '../resolver';
import { loadLga, managerView, mirrorStaffGroups } from './shared';

export const MANAGER_NOT_FOUND = 'This user is not a manager of the LGA';

const ROLE_NAMES: Record<string, string> = {
  account_manager: 'account manager',
  closure_administrator: 'closure administrator',
  submission_moderator: 'submission moderator',
  media_comms_manager: 'media and communications manager',
  announcement_manager: 'announcement manager',
};

/** Tells a newly added manager; the change stands even if the mail cannot be sent. */
async function tellNewManager(to: string, lgaName: string, roles: string[], by: Principal) {
  const site = process.env.SITE_URL ?? '';
  const text = `${by.displayName ?? by.email} gave you access to ${lgaName} in Road Closures as ${roles.map((r) => ROLE_NAMES[r] ?? r).join(', ')}.\n\nSign in (or sign up) with this email address at ${site}/login to start.`;
  try {
    const outcome = await sendMail({ to, subject: `You have access to ${lgaName} in Road Closures`, text }, { senderUid: by.uid });
    if (outcome === 'limited') logger.warn('manager invitation not mailed: mail limit reached', { by: by.uid });
  } catch (error) {
    logger.warn('could not tell a new manager', { error: error as Error });
  }
}

async function authorize(p: Principal, code: string) {
  if (!canManageAccounts(p, code)) throw forbidden();
  return loadLga(code);
}

export const managerFields = {
  managers: field({
    args: z.object({ lgaCode }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      await authorize(await principal(), args.lgaCode);
      const managers = await listManagers(args.lgaCode);
      return Promise.all(managers.map(managerView));
    },
  }),

  setManager: field({
    args: z.object({ lgaCode, email, roles: requiredRoles }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      const lga = await authorize(p, args.lgaCode);
      const managers = await listManagers(lga.code);
      if (!p.admin && leavesNoAccountManager(managers, args.email, args.roles)) throw conflict(LAST_ACCOUNT_MANAGER);
      const existed = managers.some((m) => m.email === args.email);
      const manager = await putManager(lga.code, args.email, args.roles, p.email);
      await mirrorStaffGroups(args.email);
      if (!existed) await tellNewManager(args.email, lga.name, args.roles, p);
      await publishEvent('manager.changed', { lgaCode: lga.code, email: args.email, roles: args.roles, change: existed ? 'updated' : 'added' }, p.uid);
      return managerView(manager);
    },
  }),

  removeManager: field({
    args: z.object({ lgaCode, email }).strict(),
    access: 'user',
    async resolve({ args, principal }) {
      const p = await principal();
      const lga = await authorize(p, args.lgaCode);
      const managers = await listManagers(lga.code);
      const manager = managers.find((m) => m.email === args.email) ?? (await getManager(lga.code, args.email));
      if (!manager) throw notFound(MANAGER_NOT_FOUND);
      if (!p.admin && leavesNoAccountManager(managers, args.email, [])) throw conflict(LAST_ACCOUNT_MANAGER);
      await deleteManager(lga.code, args.email);
      await mirrorStaffGroups(args.email);
      await publishEvent('manager.changed', { lgaCode: lga.code, email: args.email, roles: [], change: 'removed' }, p.uid);
      return managerView(manager);
    },
  }),
};
