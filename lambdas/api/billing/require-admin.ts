// The admin gate of the billing operations: the caller's admin flag from the database, with the
// reason an administrator is refused (authenticator app not set up, or a provider sign-in).
import type { Principal } from '../../core/access';
import { forbidden } from '../../core/errors';
import { adminRefusalMessage } from '../../core/identity/mfa';

export async function requireAdmin(principal: () => Promise<Principal>): Promise<Principal> {
  const p = await principal();
  if (!p.admin) throw forbidden(adminRefusalMessage(p));
  return p;
}
