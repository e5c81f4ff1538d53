// Identity, roles and LGA access: profile and account, access requests, role
// assignment, "please join" requests and demo personas. Every rule is decided from the
// database (lambdas/core/access.ts); Cognito groups only mirror it.
import { createResolverHandler } from '../resolver';
import { accessRequestFields } from './access-requests';
import { demoFields } from './demo';
import { lgaRequestFields } from './lga-requests';
import { managerFields } from './managers';
import { profileFields } from './profile';
import { securityFields } from './security';

export const handler = createResolverHandler({
  ...profileFields,
  ...accessRequestFields,
  ...managerFields,
  ...lgaRequestFields,
  ...demoFields,
  ...securityFields,
});
