import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { QUERY_DEPTH_LIMIT, QUERY_LIMIT_ERROR_TYPE, RESOLVER_COUNT_LIMIT, queryLimitMessages } from '../../lib/api-limits';
import { TypedFieldError } from './errors';

/**
 * The request limits AppSync applies in AWS (lib/api-limits.ts), checked on the parsed document
 * before validation or any resolver runs, so a deep or very wide request costs next to nothing.
 */
export function checkQueryLimits(document: DocumentNode): GraphQLError | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const resolvers = countFields(definition.selectionSet, { fragments, visiting: new Set(), memo: new Map() });
    if (resolvers > RESOLVER_COUNT_LIMIT) return limitError(queryLimitMessages.resolvers(resolvers));
    const depth = depthOf(definition.selectionSet, { fragments, visiting: new Set(), memo: new Map() });
    if (depth > QUERY_DEPTH_LIMIT) return limitError(queryLimitMessages.depth(depth));
  }
  return undefined;
}

export function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { originalError: new TypedFieldError(QUERY_LIMIT_ERROR_TYPE, message) });
}

/** Fragments by name; each fragment's figure is computed once, so reused fragments cost nothing. */
interface Walk {
  fragments: Map<string, FragmentDefinitionNode>;
  visiting: Set<string>;
  memo: Map<string, number>;
}

function viaFragment(name: string, walk: Walk, measure: (set: SelectionSetNode) => number): number {
  const known = walk.memo.get(name);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  if (!fragment || walk.visiting.has(name)) return 0;
  walk.visiting.add(name);
  const value = measure(fragment.selectionSet);
  walk.visiting.delete(name);
  walk.memo.set(name, value);
  return value;
}

/** Root fields (each runs a resolver), fragments spread in; a fragment cycle counts once. */
function countFields(set: SelectionSetNode, walk: Walk): number {
  let count = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value.startsWith('__') ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += countFields(selection.selectionSet, walk);
    else count += viaFragment(selection.name.value, walk, (s) => countFields(s, walk));
  }
  return count;
}

/** Levels of nested fields; a field without a selection set is one level. */
function depthOf(set: SelectionSetNode, walk: Walk): number {
  let deepest = 0;
  for (const selection of set.selections) {
    let depth: number;
    if (selection.kind === Kind.FIELD) depth = 1 + (selection.selectionSet ? depthOf(selection.selectionSet, walk) : 0);
    else if (selection.kind === Kind.INLINE_FRAGMENT) depth = depthOf(selection.selectionSet, walk);
    else depth = viaFragment(selection.name.value, walk, (s) => depthOf(s, walk));
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}
