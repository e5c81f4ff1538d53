import { valueFromASTUntyped, type ConstDirectiveNode, type GraphQLObjectType } from 'graphql';
import type { Caller } from './types';

const AUTH_DIRECTIVES = new Set(['aws_api_key', 'aws_cognito_user_pools', 'aws_auth', 'aws_iam', 'aws_oidc', 'aws_lambda']);
const USER_POOL_DIRECTIVES = new Set(['aws_cognito_user_pools', 'aws_auth']);

/** Which callers may read one field. */
export interface FieldRule {
  apiKey: boolean;
  /** false: no user-pool caller; true: any; string[]: members of one of these groups. */
  userPool: boolean | string[];
}

// Our API's default authorization mode is Cognito user pools.
const DEFAULT_MODE_RULE: FieldRule = { apiKey: false, userPool: true };

function authDirectives(directives: readonly ConstDirectiveNode[] | undefined): ConstDirectiveNode[] {
  return (directives ?? []).filter((d) => AUTH_DIRECTIVES.has(d.name.value));
}

function groupsOf(directive: ConstDirectiveNode): string[] | undefined {
  const arg = directive.arguments?.find((a) => a.name.value === 'cognito_groups');
  if (!arg) return undefined;
  const value = valueFromASTUntyped(arg.value);
  const groups = (Array.isArray(value) ? value : [value]).filter((g): g is string => typeof g === 'string');
  return groups.length > 0 ? groups : undefined;
}

function ruleFrom(directives: ConstDirectiveNode[]): FieldRule {
  const userPool = directives.find((d) => USER_POOL_DIRECTIVES.has(d.name.value));
  return {
    apiKey: directives.some((d) => d.name.value === 'aws_api_key'),
    userPool: userPool ? (groupsOf(userPool) ?? true) : false,
  };
}

/**
 * AppSync's rule: a field's own auth directives decide; a field without any inherits its type's;
 * a type without any falls back to the API's default mode.
 */
export function fieldRule(type: GraphQLObjectType, fieldName: string): FieldRule {
  const field = type.getFields()[fieldName];
  const onField = authDirectives(field?.astNode?.directives);
  if (onField.length > 0) return ruleFrom(onField);
  const onType = [type.astNode, ...type.extensionASTNodes].flatMap((node) => authDirectives(node?.directives));
  return onType.length > 0 ? ruleFrom(onType) : DEFAULT_MODE_RULE;
}

export function isAllowed(rule: FieldRule, caller: Caller): boolean {
  if (caller.mode === 'apiKey') return rule.apiKey;
  if (typeof rule.userPool === 'boolean') return rule.userPool;
  const groups = caller.claims['cognito:groups'] ?? [];
  return rule.userPool.some((group) => groups.includes(group));
}
