import {
  Kind,
  print,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { AppSyncIdentityCognito, AppSyncResolverEvent } from 'aws-lambda';
import type { Caller, RequestMeta } from './types';

export type Fragments = Record<string, FragmentDefinitionNode>;

export interface FieldInvocation {
  parentTypeName: string;
  fieldName: string;
  arguments: Record<string, unknown>;
  fieldNodes: readonly FieldNode[];
  fragments: Fragments;
  caller: Caller;
  request: RequestMeta;
  rawVariables: Record<string, unknown>;
}

export function identityOf(caller: Caller, sourceIp: string[]): AppSyncIdentityCognito | null {
  if (caller.mode === 'apiKey') return null;
  const { claims } = caller;
  return {
    sub: claims.sub,
    issuer: claims.iss,
    username: claims['cognito:username'] ?? claims.username ?? claims.sub,
    claims,
    sourceIp,
    defaultAuthStrategy: 'ALLOW',
    groups: claims['cognito:groups'] ?? null,
  };
}

/** AppSync's selectionSetList: field names (never aliases) as slash paths, fragments expanded. */
function selectionPaths(selectionSet: SelectionSetNode | undefined, fragments: Fragments, prefix: string, out: Set<string>): void {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const path = prefix + selection.name.value;
      out.add(path);
      selectionPaths(selection.selectionSet, fragments, `${path}/`, out);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      selectionPaths(selection.selectionSet, fragments, prefix, out);
    } else {
      selectionPaths(fragments[selection.name.value]?.selectionSet, fragments, prefix, out);
    }
  }
}

function spreadNames(selectionSet: SelectionSetNode | undefined, fragments: Fragments, out: Set<string>): void {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      if (out.has(selection.name.value)) continue;
      out.add(selection.name.value);
      spreadNames(fragments[selection.name.value]?.selectionSet, fragments, out);
    } else {
      spreadNames(selection.selectionSet, fragments, out);
    }
  }
}

/** The field's selection set as GraphQL text, followed by the fragments it spreads. */
function selectionSetGraphQL(fieldNodes: readonly FieldNode[], fragments: Fragments): string {
  const sets = fieldNodes.map((node) => node.selectionSet).filter((s): s is SelectionSetNode => s !== undefined);
  if (sets.length === 0) return '';
  const names = new Set<string>();
  for (const set of sets) spreadNames(set, fragments, names);
  const used = [...names].map((name) => fragments[name]).filter((f): f is FragmentDefinitionNode => f !== undefined);
  return [...sets, ...used].map((node) => print(node)).join('\n\n');
}

/** The event AppSync sends a direct Lambda resolver. */
export function resolverEvent(invocation: FieldInvocation): AppSyncResolverEvent<Record<string, unknown>> {
  const paths = new Set<string>();
  for (const node of invocation.fieldNodes) selectionPaths(node.selectionSet, invocation.fragments, '', paths);
  return {
    arguments: invocation.arguments,
    identity: identityOf(invocation.caller, invocation.request.sourceIp),
    source: null,
    request: { headers: { ...invocation.request.headers }, domainName: null },
    info: {
      fieldName: invocation.fieldName,
      parentTypeName: invocation.parentTypeName,
      variables: invocation.rawVariables,
      selectionSetList: [...paths],
      selectionSetGraphQL: selectionSetGraphQL(invocation.fieldNodes, invocation.fragments),
    },
    prev: null,
    stash: {},
  };
}
