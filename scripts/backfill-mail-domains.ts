// Fills the council-by-mail-domain lookup (which council a staff member's email is at, for
// "Request Access to LGA") for councils whose mail domain was set before it existed. Run once
// after deploying the version that adds it:
//   TABLE_NAME=<table> AWS_REGION=ap-southeast-2 npm run backfill:mail-domains
// Safe to run again; the local stack runs it at start-up.
import { backfillMailDomains } from '../lambdas/adapters/identity/mail-domain-backfill';

const { written } = await backfillMailDomains({ force: true });
console.log(`mail domain backfill: ${written} council mail domains written`);
