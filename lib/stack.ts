import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ApiDomain } from '../lambdas/api/domains';
import { Api } from './api';
import { Auth } from './auth';
import { Data } from './data';
import { Media } from './media';
import { MediaProcessing } from './media-processing';
import { Notifications } from './notifications';
import { projectRoot } from './project-function';
import { Schedules } from './schedules';
import { Secrets } from './secrets';
import { Web } from './web';

const projectVersion = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

export interface RoadClosuresStackProps extends StackProps {
  readonly stage: string;
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Defaults to lambdas/api/domains.ts. */
  readonly apiDomains?: Record<string, ApiDomain>;
}

/** One deployment stage of the whole app (DESIGN.md §4, AWS column). */
export class RoadClosuresStack extends Stack {
  readonly stage: string;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: RoadClosuresStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;
    Tags.of(this).add('project', 'road-closures');
    Tags.of(this).add('stage', stage);

    this.data = new Data(this, 'Data', { stage });
    const notifications = new Notifications(this, 'Notifications');
    const secrets = new Secrets(this, 'Secrets');
    const media = new Media(this, 'Media');

    // The contract's environment (every handler may read these names); permissions are granted
    // separately, per function, by the ProjectFunction binders.
    const sharedEnvironment = {
      MEDIA_BUCKET: media.mediaBucket.bucketName,
      FEEDS_BUCKET: media.feedsBucket.bucketName,
      EVENTS_TOPIC_ARN: notifications.topic.topicArn,
    };

    this.auth = new Auth(this, 'Auth', { stage, table: this.data.table });

    this.api = new Api(this, 'Api', {
      stage,
      table: this.data.table,
      userPool: this.auth.userPool,
      mediaBucket: media.mediaBucket,
      feedsBucket: media.feedsBucket,
      eventsTopic: notifications.topic,
      stripeSecret: secrets.stripe,
      vapidSecret: secrets.vapid,
      domains: props.apiDomains,
    });

    this.web = new Web(this, 'Web', {
      logsBucket: media.logsBucket,
      feedsBucket: media.feedsBucket,
      graphqlHost: this.api.graphqlHost,
      realtimeHost: this.api.realtimeHost,
      customDomain: props.customDomain,
    });
    media.allowBrowserAccessFrom(this.web.siteUrl);
    new MediaProcessing(this, 'MediaProcessing', { stage, table: this.data.table, mediaBucket: media.mediaBucket });

    const schedules = new Schedules(this, 'Schedules', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      environment: { ...sharedEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId },
    });

    // Links in e-mails, Stripe return URLs and the feeds download URL point at the site.
    for (const fn of [...this.api.functions, ...schedules.functions]) fn.addEnvironment('SITE_URL', this.web.siteUrl);

    this.addOutputs();
  }

  private addOutputs(): void {
    const { api, auth, web } = this;
    const graphqlApi = api.api;
    const outputs: Record<string, { value: string; description: string }> = {
      GraphQLUrl: { value: graphqlApi.graphqlUrl, description: 'AppSync GraphQL endpoint' },
      ApiKeyId: { value: api.apiKeyId, description: 'Id of the public API key' },
      UserPoolId: { value: auth.userPool.userPoolId, description: 'Cognito user pool id' },
      UserPoolClientId: { value: auth.client.userPoolClientId, description: 'Web app client id' },
      DistributionDomainName: { value: web.distribution.distributionDomainName, description: 'CloudFront domain' },
      DistributionId: { value: web.distribution.distributionId, description: 'For cache invalidation after a deploy' },
      SiteBucketName: { value: web.siteBucket.bucketName, description: 'Where the web build is uploaded' },
      Region: { value: this.region, description: 'Region of every regional resource' },
      // The deployment writes this next to the web app as /config.json (the shared contract).
      // The API key is public by design: every browser receives it in that file.
      WebConfig: {
        description: 'Body of /config.json for Amplify.configure',
        value: this.toJsonString({
          Auth: {
            Cognito: {
              userPoolId: auth.userPool.userPoolId,
              userPoolClientId: auth.client.userPoolClientId,
              loginWith: { email: true },
            },
          },
          API: {
            GraphQL: {
              endpoint: graphqlApi.graphqlUrl,
              region: this.region,
              defaultAuthMode: 'apiKey',
              apiKey: graphqlApi.apiKey ?? '',
            },
          },
          app: {
            stage: this.stage,
            local: false,
            demo: false,
            version: projectVersion,
            mapStyle: '/map-style.json',
            authFlowType: 'USER_SRP_AUTH',
            features: { push: false, socialProviders: [] },
          },
        }),
      },
    };
    for (const [id, output] of Object.entries(outputs)) new CfnOutput(this, id, output);
  }
}
