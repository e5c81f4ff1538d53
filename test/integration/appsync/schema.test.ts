import { readFileSync } from 'node:fs';
import { graphql, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildLocalSchema } from '../../../local/appsync/schema';
import type { ExecutionContext } from '../../../local/appsync/types';

const apiKeyContext = (): ExecutionContext => ({
  caller: { mode: 'apiKey' },
  request: { headers: {}, sourceIp: ['127.0.0.1'] },
  rawVariables: {},
  log: () => {},
});

describe('the emulated AppSync schema', () => {
  it("builds the project's lib/schema.graphql with AppSync's scalars and directives", () => {
    const schema = buildLocalSchema(readFileSync(new URL('../../../lib/schema.graphql', import.meta.url), 'utf8'), () => undefined);
    expect(schema.getQueryType()?.name).toBe('Query');
    expect(schema.getType('AWSJSON')).toBeDefined();
  });

  it('refuses an @aws_subscribe that names no Mutation field, as AppSync does at deploy', () => {
    const sdl = `
      type Query { a: String }
      type Mutation { save: String }
      type Subscription { onSaved: String @aws_subscribe(mutations: ["sav"]) }`;
    expect(() => buildLocalSchema(sdl, () => undefined)).toThrow(/"sav"/);
  });

  describe('scalars', () => {
    const sdl = `
      type Query {
        echo(ts: AWSTimestamp, at: AWSDateTime, day: AWSDate, email: AWSEmail, url: AWSURL, ip: AWSIPAddress, phone: AWSPhone): String @aws_api_key
        badTimestamp: AWSTimestamp @aws_api_key
      }`;
    const schema: GraphQLSchema = buildLocalSchema(sdl, (_type, field) =>
      field === 'echo' ? async (event) => JSON.stringify(event.arguments) : field === 'badTimestamp' ? async () => 1.5 : undefined,
    );
    const run = (source: string, variableValues: Record<string, unknown> = {}) =>
      graphql({ schema, source, variableValues, contextValue: apiKeyContext() });

    it('accepts well-formed values and hands them to the resolver', async () => {
      const result = await run(
        'query ($ts: AWSTimestamp, $at: AWSDateTime) { echo(ts: $ts, at: $at, day: "2026-03-01", email: "a@b.co", url: "https://x.org/a", ip: "10.0.0.0/8", phone: "+61 2 6850 2300") }',
        { ts: 1_700_000_000, at: '2026-03-01T10:00:00.000+11:00' },
      );
      expect(result.errors).toBeUndefined();
      expect(JSON.parse(result.data!.echo as string)).toMatchObject({ ts: 1_700_000_000, at: '2026-03-01T10:00:00.000+11:00', ip: '10.0.0.0/8' });
    });

    it.each([
      ['AWSTimestamp', { ts: '1700000000' }, 'query ($ts: AWSTimestamp) { echo(ts: $ts) }'],
      ['AWSDateTime without an offset', { at: '2026-03-01T10:00:00' }, 'query ($at: AWSDateTime) { echo(at: $at) }'],
    ])('rejects a malformed %s variable', async (_name, variables, source) => {
      const result = await run(source, variables);
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0].message).toMatch(/invalid value/);
    });

    it('rejects malformed literals and a resolver value AWSTimestamp cannot serialize', async () => {
      expect((await run('{ echo(email: "not-an-email") }')).errors?.[0].message).toMatch(/email/);
      expect((await run('{ echo(ip: "999.1.1.1") }')).errors?.[0].message).toMatch(/IP address/);
      expect((await run('{ badTimestamp }')).errors?.[0].message).toMatch(/timestamp/);
    });
  });
});
