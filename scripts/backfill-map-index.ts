// Rewrites closures stored before the sparse, two-precision map index (gsi3 and the pointer items'
// boxes) so the public map finds them. Run once after deploying the version that adds gsi3, with
// the deployed table and AWS credentials of the account:
//   TABLE_NAME=<table> AWS_REGION=ap-southeast-2 npm run backfill:map-index
// Safe to run again (records already done are skipped); the local stack runs it at start-up.
import { backfillMapIndex } from '../lambdas/adapters/closures/map-backfill';

const { rewritten } = await backfillMapIndex({ force: true });
console.log(`map index backfill: ${rewritten} closures rewritten`);
