import { Kind, type FieldNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Fragments } from './resolver-event';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(into: Json, from: Json): Json {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = isPlainObject(existing) && isPlainObject(value) ? merge(existing, value) : value;
  }
  return into;
}

/** Every field node of a selection set, fragments flattened (type conditions ignored). */
function fieldsOf(selectionSet: SelectionSetNode | undefined, fragments: Fragments): FieldNode[] {
  return (selectionSet?.selections ?? []).flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsOf(selection.selectionSet, fragments);
    return fieldsOf(fragments[selection.name.value]?.selectionSet, fragments);
  });
}

/** A response value keyed back by field names instead of the client's aliases. */
function unalias(value: unknown, selectionSet: SelectionSetNode | undefined, fragments: Fragments): unknown {
  if (!selectionSet || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => unalias(item, selectionSet, fragments));
  const source = value as Json;
  const out: Json = {};
  for (const field of fieldsOf(selectionSet, fragments)) {
    const responseKey = field.alias?.value ?? field.name.value;
    if (!(responseKey in source)) continue;
    merge(out, { [field.name.value]: unalias(source[responseKey], field.selectionSet, fragments) });
  }
  return out;
}

export interface PublishedMutation {
  fieldName: string;
  payload: unknown;
}

/**
 * What AppSync hands to subscriptions after a mutation: each root field's response, i.e. only the
 * fields the mutation itself selected (a subscriber asking for more gets nulls, as in AWS).
 */
export function mutationPublications(operation: OperationDefinitionNode, fragments: Fragments, data: unknown): PublishedMutation[] {
  if (!isPlainObject(data)) return [];
  const publications: PublishedMutation[] = [];
  for (const field of fieldsOf(operation.selectionSet, fragments)) {
    const value = data[field.alias?.value ?? field.name.value];
    if (value === null || value === undefined || field.name.value.startsWith('__')) continue;
    publications.push({ fieldName: field.name.value, payload: unalias(value, field.selectionSet, fragments) });
  }
  return publications;
}
