// The importer of the state's hazards in AWS: EventBridge Scheduler every 5 minutes with retries
// and a dead-letter queue, a function carrying the road graph and the LGA boundaries, allowed to
// read its own API key secret and write the feeds bucket, and nothing of another secret.
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOfType, synthStage, type Synthesized } from './synth';

describe("the state's hazards import", () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synthStage('dev');
  }, 120_000);

  const importer = () => {
    const functions = resourcesOfType(dev.json, 'AWS::Lambda::Function');
    const found = functions.filter(([, f]) => f.Properties?.Environment?.Variables?.LIVE_TRAFFIC_SECRET_ARN);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('runs every 5 minutes on EventBridge Scheduler, retried, with a dead-letter queue', () => {
    const [id] = importer();
    const schedule = resourcesOfType(dev.json, 'AWS::Scheduler::Schedule')
      .map(([, s]) => s.Properties!)
      .find((s) => JSON.stringify(s.Target.Arn).includes(id));
    expect(schedule).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', Target: { RetryPolicy: { MaximumRetryAttempts: 2 } } });
    expect(schedule!.Target.DeadLetterConfig.Arn).toBeDefined();
  });

  it('fetches the road graph, carries the LGA boundaries, and reads the key from its own secret', () => {
    const [id, fn] = importer();
    const env = fn.Properties!.Environment.Variables;
    expect(env).toMatchObject({ ROAD_GRAPH_KEY: expect.anything(), LGA_BOUNDARIES_PATH: '/var/task/australia-lga.geojson', FEEDS_BUCKET: expect.anything() });
    const secrets = resourcesOfType(dev.json, 'AWS::SecretsManager::Secret');
    const liveTraffic = secrets.find(([, s]) => String(s.Properties?.Description).includes('Live Traffic NSW'));
    expect(liveTraffic).toBeDefined();
    expect(env.LIVE_TRAFFIC_SECRET_ARN).toEqual({ Ref: liveTraffic![0] });
    expect(JSON.stringify(liveTraffic![1].Properties!.GenerateSecretString.SecretStringTemplate)).toContain('apiKey');

    const role = fn.Properties!.Role['Fn::GetAtt'][0];
    const policies = resourcesOfType(dev.json, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties!.Roles).includes(role));
    const statements = JSON.stringify(policies.map(([, p]) => p.Properties!.PolicyDocument));
    expect(statements).toContain(liveTraffic![0]);
    expect(statements).toContain('s3:PutObject');
    // No other secret: not Stripe's, not VAPID's.
    for (const [other] of secrets.filter(([secretId]) => secretId !== liveTraffic![0])) expect(statements).not.toContain(other);
    expect(id).toBeTruthy();
  });
});
