// What every administration resolver shares: the admin check (from the database, never the
// token) and the page arguments.
import { z } from 'zod';
import type { Principal } from '../../core/access';
import { forbidden, validationError } from '../../core/errors';
import { adminRefusalMessage } from '../../core/identity/mfa';

export async function requireAdmin(principal: () => Promise<Principal>): Promise<Principal> {
  const p = await principal();
  if (!p.admin) throw forbidden(adminRefusalMessage(p));
  return p;
}

export const pageLimit = z.number().int().min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100');
export const nextToken = z.string().max(2000).optional().nullable();

/** ElectroDB cursors are opaque strings; a tampered one is the caller's mistake, not ours. */
export async function withCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (/cursor/i.test(String((error as Error).message))) throw validationError('Invalid nextToken');
    throw error;
  }
}
