import { isIP } from 'node:net';
import { GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema, type ValueNode } from 'graphql';

// AppSync declares these itself; an AppSync schema file must not (and ours does not).
export const APPSYNC_PRELUDE = /* GraphQL */ `
scalar AWSDate
scalar AWSTime
scalar AWSDateTime
scalar AWSTimestamp
scalar AWSEmail
scalar AWSJSON
scalar AWSURL
scalar AWSPhone
scalar AWSIPAddress
directive @aws_api_key on OBJECT | INTERFACE | FIELD_DEFINITION
directive @aws_iam on OBJECT | INTERFACE | FIELD_DEFINITION
directive @aws_oidc on OBJECT | INTERFACE | FIELD_DEFINITION
directive @aws_lambda on OBJECT | INTERFACE | FIELD_DEFINITION
directive @aws_cognito_user_pools(cognito_groups: [String]) on OBJECT | INTERFACE | FIELD_DEFINITION
directive @aws_auth(cognito_groups: [String]) on FIELD_DEFINITION
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
directive @aws_publish(subscriptions: [String]) on FIELD_DEFINITION
`;

interface ScalarBehaviour {
  /** Output: resolver value → JSON value. */
  serialize(value: unknown): unknown;
  /** Input: variable value → value handed to the resolver. */
  parseValue(value: unknown): unknown;
  /** Which literal kind the scalar accepts inline in a document. */
  literalKind: Kind.STRING | Kind.INT;
}

const OFFSET = '(Z|[+-]\\d{2}:\\d{2}(:\\d{2})?)';
const DATE = '-?\\d{4}-\\d{2}-\\d{2}';
const TIME = '\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?';
const DATE_RE = new RegExp(`^${DATE}${OFFSET}?$`);
const TIME_RE = new RegExp(`^${TIME}${OFFSET}?$`);
const DATETIME_RE = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9][0-9 ()\-.]{2,30}$/;

function fail(message: string): never {
  throw new GraphQLError(message);
}

/** A string scalar whose value AppSync validates in both directions. */
function validatedString(description: string, isValid: (value: string) => boolean): ScalarBehaviour {
  const check = (value: unknown) => {
    if (typeof value !== 'string' || !isValid(value)) fail(`Unable to parse ${JSON.stringify(value)} as a valid ${description}.`);
    return value;
  };
  return { serialize: check, parseValue: check, literalKind: Kind.STRING };
}

function isUrl(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

function isIpAddress(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return prefix === undefined || /^\d{1,3}$/.test(prefix);
}

function parseJson(value: unknown): unknown {
  // AppSync only takes AWSJSON input as a JSON string; an object is a validation error.
  if (typeof value !== 'string') fail(`Unable to parse ${JSON.stringify(value)} as valid JSON.`);
  try {
    return JSON.parse(value);
  } catch {
    return fail(`Unable to parse ${JSON.stringify(value)} as valid JSON.`);
  }
}

function timestamp(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(`Unable to parse ${JSON.stringify(value)} as a valid timestamp.`);
  return value;
}

const SCALARS: Record<string, ScalarBehaviour> = {
  AWSJSON: {
    // A resolver may return the JSON already encoded; AppSync passes such a string through.
    serialize: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
    parseValue: parseJson,
    literalKind: Kind.STRING,
  },
  AWSTimestamp: { serialize: timestamp, parseValue: timestamp, literalKind: Kind.INT },
  AWSDateTime: validatedString('AWSDateTime', (v) => DATETIME_RE.test(v) && !Number.isNaN(Date.parse(v))),
  AWSDate: validatedString('AWSDate', (v) => DATE_RE.test(v)),
  AWSTime: validatedString('AWSTime', (v) => TIME_RE.test(v)),
  AWSEmail: validatedString('email address', (v) => EMAIL_RE.test(v)),
  AWSURL: validatedString('URL', isUrl),
  AWSPhone: validatedString('phone number', (v) => PHONE_RE.test(v)),
  AWSIPAddress: validatedString('IP address', isIpAddress),
};

function literalValue(node: ValueNode, behaviour: ScalarBehaviour): unknown {
  if (node.kind !== behaviour.literalKind) fail(`Literal of kind ${node.kind} is not valid here.`);
  if (node.kind === Kind.INT) return behaviour.parseValue(Number.parseInt(node.value, 10));
  if (node.kind === Kind.STRING) return behaviour.parseValue(node.value);
  return fail('Unsupported literal.');
}

/** Gives the prelude's scalars AppSync's serialisation and validation rules. */
export function installAppSyncScalars(schema: GraphQLSchema): void {
  for (const [name, behaviour] of Object.entries(SCALARS)) {
    const type = schema.getType(name) as GraphQLScalarType | undefined;
    if (!type) continue;
    // buildSchema creates pass-through scalars; swapping their functions in place keeps every
    // reference the schema already holds to the type object valid.
    Object.assign(type, {
      serialize: behaviour.serialize,
      parseValue: behaviour.parseValue,
      parseLiteral: (node: ValueNode) => literalValue(node, behaviour),
    });
  }
}
