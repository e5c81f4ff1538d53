import {
  buildSchema,
  defaultFieldResolver,
  isObjectType,
  valueFromASTUntyped,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { fromResolverFailure, unauthorizedField } from './errors';
import { fieldRule, isAllowed } from './field-rules';
import { resolverEvent } from './resolver-event';
import { APPSYNC_PRELUDE, installAppSyncScalars } from './scalars';
import type { ExecutionContext, LocalAppSyncOptions } from './types';

type Resolver = GraphQLFieldResolver<unknown, ExecutionContext, Record<string, unknown>>;

/** Root Query and Mutation fields run their domain's Lambda handler, as direct Lambda resolvers. */
function lambdaRootResolver(type: GraphQLObjectType, fieldName: string, resolverFor: LocalAppSyncOptions['resolverFor']): Resolver {
  return async (_source, args, context, info) => {
    // Looked up per call so the runtime may (re)wire handlers after the emulator starts.
    const lambda = resolverFor(type.name, fieldName);
    if (!lambda) return null;
    const event = resolverEvent({
      parentTypeName: type.name,
      fieldName,
      arguments: args,
      fieldNodes: info.fieldNodes,
      fragments: info.fragments,
      caller: context.caller,
      request: context.request,
      rawVariables: context.rawVariables,
    });
    try {
      return (await lambda(event)) ?? null;
    } catch (error) {
      throw fromResolverFailure(error, `${type.name}.${fieldName}`, context.log);
    }
  };
}

// A subscription's root value is the published mutation result; selections below it are then
// resolved (and authorized) like any other object.
const publishedPayload: Resolver = (_source, _args, context) => context.subscriptionPayload ?? null;

/** The mutation fields a subscription field's @aws_subscribe lists. */
export function subscribedMutations(field: GraphQLField<unknown, unknown>): unknown[] {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'aws_subscribe');
  const arg = directive?.arguments?.find((a) => a.name.value === 'mutations');
  const names = arg ? valueFromASTUntyped(arg.value) : [];
  return Array.isArray(names) ? names : [names];
}

/** AppSync refuses a schema whose @aws_subscribe names a mutation that does not exist. */
function assertSubscribedMutationsExist(schema: GraphQLSchema): void {
  const mutations = schema.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    for (const name of subscribedMutations(field)) {
      if (typeof name !== 'string' || !mutations[name]) {
        throw new Error(`Subscription.${field.name}: @aws_subscribe names ${JSON.stringify(name)}, which is not a field of Mutation`);
      }
    }
  }
}

/**
 * The AppSync schema, executable: AWS scalars and directives declared, every field of every
 * object type guarded by its auth directives, root fields backed by the Lambda handlers.
 */
export function buildLocalSchema(schemaSdl: string, resolverFor: LocalAppSyncOptions['resolverFor']): GraphQLSchema {
  const schema = buildSchema(`${APPSYNC_PRELUDE}\n${schemaSdl}`);
  installAppSyncScalars(schema);
  assertSubscribedMutationsExist(schema);
  const lambdaBacked = new Set([schema.getQueryType(), schema.getMutationType()].filter(Boolean));
  const subscriptionType = schema.getSubscriptionType();

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const rule = fieldRule(type, field.name);
      const resolve: Resolver = lambdaBacked.has(type)
        ? lambdaRootResolver(type, field.name, resolverFor)
        : type === subscriptionType
          ? publishedPayload
          : ((field.resolve as Resolver | undefined) ?? (defaultFieldResolver as Resolver));
      field.resolve = (source, args, context: ExecutionContext, info) => {
        if (!isAllowed(rule, context.caller)) throw unauthorizedField(field.name, type.name);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
