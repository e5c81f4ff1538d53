/**
 * How big one GraphQL request may be, in AWS (AppSync's queryDepthLimit and resolverCountLimit,
 * set in lib/api.ts) and on a laptop (the local AppSync refuses the same requests before running
 * anything). The app's own deepest selection is 7 levels; its busiest request calls 5 resolvers.
 */
export const QUERY_DEPTH_LIMIT = 15;
/** Resolvers one request may run: only root fields have resolvers, so this bounds aliases too. */
export const RESOLVER_COUNT_LIMIT = 25;
/** Largest request body the local AppSync reads (a 5000-vertex closure line is about 200 KB). */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;
/** Lexical tokens one document may have; parsing stops there instead of building a huge tree. */
export const QUERY_TOKEN_LIMIT = 10_000;

export const QUERY_LIMIT_ERROR_TYPE = 'QueryLimitExceeded';

export const queryLimitMessages = {
  depth: (depth: number) => `The query is nested ${depth} levels deep; the limit is ${QUERY_DEPTH_LIMIT}.`,
  resolvers: (count: number) => `The request runs ${count} resolvers; the limit is ${RESOLVER_COUNT_LIMIT}.`,
  tokens: () => `The query is too long (more than ${QUERY_TOKEN_LIMIT} tokens).`,
  body: () => `The request body is larger than ${REQUEST_BODY_LIMIT_BYTES / 1024} KB.`,
};
