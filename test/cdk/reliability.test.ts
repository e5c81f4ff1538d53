// What keeps the API and its data standing in a storm, as deployed: request limits on AppSync.
import { beforeAll, describe, it } from 'vitest';
import { QUERY_DEPTH_LIMIT, RESOLVER_COUNT_LIMIT } from '../../lib/api-limits';
import { synthStage, type Synthesized } from './synth';

describe('reliability settings of the dev stage', () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev');
  }, 120_000);

  it('caps query depth and resolvers per request on AppSync with the limits the local AppSync applies', () => {
    dev.template.hasResourceProperties('AWS::AppSync::GraphQLApi', {
      QueryDepthLimit: QUERY_DEPTH_LIMIT,
      ResolverCountLimit: RESOLVER_COUNT_LIMIT,
    });
  });
});
