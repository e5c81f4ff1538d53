// A map answer must fit one Lambda response (6 MB for a synchronous invocation, AppSync's direct
// resolvers included). Closures are measured as they are sent, largest part first (their lines),
// so an area with too much to show asks the user to zoom in instead of failing.

/** Lambda's synchronous response limit, less room for the GraphQL envelope and other fields. */
export const RESPONSE_BUDGET_BYTES = 6 * 1024 * 1024 - 256 * 1024;

/** Whether the items, sent as JSON, stay within the budget (stops measuring once it is passed). */
export function fitsResponse(items: readonly unknown[], budget = RESPONSE_BUDGET_BYTES): boolean {
  let bytes = 2;
  for (const item of items) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > budget) return false;
  }
  return true;
}
