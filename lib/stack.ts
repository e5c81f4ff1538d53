import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ApiDomain } from '../lambdas/api/domains';
import { Api } from './api';
import { Auth, federationFromContext } from './auth';
import { CommsConsumer } from './comms-consumer';
import { Data } from './data';
import { Mail } from './mail';
import { Alerts } from './alerts';
import { SavedTripAlerts } from './saved-trip-alerts';
import { Media, mediaBucketName } from './media';
import { MediaProcessing } from './media-processing';
import { NotificationConsumers } from './notification-consumers';
import { Notifications } from './notifications';
import { projectRoot } from './project-function';
import { Schedules } from './schedules';
import { Secrets } from './secrets';
import { BillingWebhook } from './billing-webhook';
import { TextPages } from './text-pages';
import { RealUserMonitoring, rumEnabled } from './rum';
import { Web } from './web';
import { stageSettings } from './stage-settings';
import { webConfig } from './web-config';
import { WebDeployment } from './web-deployment';

const projectVersion = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

export interface RoadClosuresStackProps extends StackProps {
  readonly stage: string;
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Defaults to lambdas/api/domains.ts. */
  readonly apiDomains?: Record<string, ApiDomain>;
  /**
   * The site's public address (context `siteUrl`), for links in e-mails. Needed by the sign-in
   * link trigger unless there is a custom domain (see lib/auth.ts).
   */
  readonly siteUrl?: string;
  /** Sending domain (context `mailDomain`); without it mail comes from no-reply@example.com and SES refuses it. */
  readonly mailDomain?: string;
  /** The mailDomain identity is verified in SES (context `mailVerified`): prod Cognito mail then goes through it. */
  readonly mailVerified?: boolean;
  /** Folder of the built web app to upload with /config.json; undefined deploys no web content. */
  readonly webDist?: string;
  /** The road graph file the road-engine Lambdas fetch (context `roadGraph`); the shipped NSW graph by default. */
  readonly roadGraphFile?: string;
}

/** One deployment stage of the whole app (docs/operations.md#what-the-stack-holds). */
export class RoadClosuresStack extends Stack {
  readonly stage: string;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly mail: Mail;
  /** The stage's demo mode (lib/stage-settings.ts): persona sign-in on, app.demo in /config.json. */
  readonly demo: boolean;
  readonly webDeployment?: WebDeployment;
  readonly media: Media;
  readonly notifications: Notifications;
  readonly notificationConsumers: NotificationConsumers;
  readonly billingWebhook: BillingWebhook;
  readonly secrets: Secrets;
  /** CloudWatch RUM, only with context rum=true (lib/rum.ts). */
  readonly rum?: RealUserMonitoring;

  constructor(scope: Construct, id: string, props: RoadClosuresStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;
    this.demo = stageSettings(stage).demoMode;
    Tags.of(this).add('project', 'road-closures');
    Tags.of(this).add('stage', stage);

    this.data = new Data(this, 'Data', { stage });
    const notifications = (this.notifications = new Notifications(this, 'Notifications'));
    const secrets = (this.secrets = new Secrets(this, 'Secrets'));
    const media = (this.media = new Media(this, 'Media', { stage }));

    // The contract's environment (every handler may read these names); permissions are granted
    // separately, per function, by the ProjectFunction binders.
    const sharedEnvironment = {
      MEDIA_BUCKET: media.mediaBucket.bucketName,
      FEEDS_BUCKET: media.feedsBucket.bucketName,
      EVENTS_TOPIC_ARN: notifications.topic.topicArn,
    };

    this.mail = new Mail(this, 'Mail', { mailDomain: props.mailDomain });
    const customSiteUrl = props.customDomain ? `https://${props.customDomain.domainName}` : undefined;
    this.auth = new Auth(this, 'Auth', {
      stage,
      table: this.data.table,
      mail: this.mail,
      siteUrl: props.siteUrl ?? customSiteUrl,
      cognitoMailViaSes: stage === 'prod' && Boolean(props.mailDomain) && Boolean(props.mailVerified),
      // Context keys authDomainPrefix, googleClientId, ... (docs/operations.md#context-keys).
      federation: federationFromContext(this.node),
    });

    this.api = new Api(this, 'Api', {
      stage,
      table: this.data.table,
      userPool: this.auth.userPool,
      mediaBucket: media.mediaBucket,
      feedsBucket: media.feedsBucket,
      eventsTopic: notifications.topic,
      stripeSecret: secrets.stripe,
      vapidSecret: secrets.vapid,
      quoteSecret: secrets.quote,
      mail: this.mail,
      domains: props.apiDomains,
      roadGraphFile: props.roadGraphFile,
    });

    // Alerts by email: the consumer, SES feedback, one-click unsubscribe (docs/alerts.md).
    const alerts = new Alerts(this, 'Alerts', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      mail: this.mail,
      environment: { ...sharedEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId },
      smsSenderId: this.node.tryGetContext('smsSenderId') as string | undefined,
    });
    // The low-bandwidth closures pages (/text): plain HTML for one bar of signal.
    const textPages = new TextPages(this, 'TextPages', { stage, table: this.data.table });

    this.web = new Web(this, 'Web', {
      textPagesUrl: textPages.url,
      unsubscribeUrl: alerts.unsubscribeUrl,
      logsBucket: media.logsBucket,
      feedsBucket: media.feedsBucket,
      graphqlHost: this.api.graphqlHost,
      realtimeHost: this.api.realtimeHost,
      mediaBucketName: mediaBucketName(stage),
      customDomain: props.customDomain,
    });
    media.allowBrowserAccessFrom(this.web.siteUrl);
    if (rumEnabled(this)) {
      this.rum = new RealUserMonitoring(this, 'Rum', { stage, domain: props.customDomain?.domainName ?? this.web.distribution.distributionDomainName });
    }
    new MediaProcessing(this, 'MediaProcessing', { stage, table: this.data.table, mediaBucket: media.mediaBucket });

    const schedules = new Schedules(this, 'Schedules', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      environment: { ...sharedEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId },
      feedsBucket: media.feedsBucket,
      liveTrafficSecret: secrets.liveTraffic,
      roadGraph: this.api.roadGraphAsset,
    });
    // The reminders job stores reminders and publishes them live like the notify consumer.
    this.api.grantPublishNotification(schedules.reminders);

    this.notificationConsumers = new NotificationConsumers(this, 'NotificationConsumers', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      vapidSecret: secrets.vapid,
      api: this.api,
      environment: { ...sharedEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId },
    });

    // The notifications domain texts the codes that verify a mobile (and signs them with the key).
    alerts.grantSms(this.api.functions.find((fn) => fn.entry === 'lambdas/api/notifications/handler.ts')!);
    // The 15-minute schedule mails the daily digests whose hour has come.
    alerts.grantAlertMail(schedules.reminders, this.mail);

    // Saved trips: the trips a closure change blocks or frees, routed again on the road engine.
    const savedTrips = new SavedTripAlerts(this, 'SavedTripAlerts', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      roadGraph: this.api.roadGraphAsset!,
      vapidSecret: secrets.vapid,
      api: this.api,
      alerts,
      mail: this.mail,
      environment: { ...sharedEnvironment, USER_POOL_ID: this.auth.userPool.userPoolId },
    });

    // Diagnostics (/admin/diagnostics) shows how many messages wait in each dead-letter queue.
    this.api.watchDeadLetters({
      ...Object.fromEntries(Object.entries(schedules.deadLetters).map(([job, queue]) => [`${job} schedule`, queue])),
      ...Object.fromEntries(Object.entries(this.notificationConsumers.deadLetters).map(([consumer, queue]) => [`${consumer} consumer`, queue])),
      'Alerts (mail and texts)': alerts.deadLetters,
      'Saved-trip alerts consumer': savedTrips.deadLetters,
    });

    // Stripe posts subscription, invoice and checkout events here (docs/operations.md#stripe).
    this.billingWebhook = new BillingWebhook(this, 'BillingWebhook', {
      stage,
      table: this.data.table,
      stripeSecret: secrets.stripe,
      eventsTopic: notifications.topic,
      api: this.api,
    });

    // Communications: open feeds on every closure change, social posts written with Bedrock.
    const comms = new CommsConsumer(this, 'CommsConsumer', {
      stage,
      table: this.data.table,
      eventsTopic: notifications.topic,
      feedsBucket: media.feedsBucket,
      environment: sharedEnvironment,
    });

    // Links in e-mails, Stripe return URLs and the feeds download URL point at the site.
    const siteUrl = props.siteUrl ?? this.web.siteUrl;
    for (const fn of [...this.api.functions, ...schedules.functions, comms.fn, alerts.consumer, alerts.sender, savedTrips.consumer]) fn.addEnvironment('SITE_URL', siteUrl);

    if (props.webDist) {
      this.webDeployment = new WebDeployment(this, 'WebDeployment', {
        webDist: props.webDist,
        siteBucket: this.web.siteBucket,
        distribution: this.web.distribution,
        config: this.webConfig(),
        siteUrl: this.web.siteUrl,
        stage,
      });
    }

    this.addOutputs();
  }

  /** The /config.json body (lib/web-config.ts) with this stack's values. */
  webConfig(): Record<string, unknown> {
    const graphqlApi = this.api.api;
    return webConfig({
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      graphqlUrl: graphqlApi.graphqlUrl,
      region: this.region,
      apiKey: graphqlApi.apiKey ?? '',
      stage: this.stage,
      demo: this.demo,
      version: projectVersion,
      oauth: this.auth.oauth,
      socialProviders: this.auth.socialProviders,
      mapStyle: this.web.mapStyleUrl,
      mapStyles: this.web.mapStyleUrls,
      rum: this.rum?.webConfig,
    });
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
      SiteUrl: { value: web.siteUrl, description: 'The site; pass it as context siteUrl so sign-in links work' },
      DistributionId: { value: web.distribution.distributionId, description: 'For cache invalidation after a deploy' },
      SiteBucketName: { value: web.siteBucket.bucketName, description: 'Where the web build is uploaded' },
      Region: { value: this.region, description: 'Region of every regional resource' },
      EventsTopicArn: { value: this.notifications.topic.topicArn, description: 'Domain events (seeding publishes here like the API)' },
      FeedsBucketName: { value: this.media.feedsBucket.bucketName, description: 'Where the LGA data bundle lives (under feeds/)' },
      TableName: { value: this.data.table.tableName, description: 'The single DynamoDB table (for scripts/seed-aws.ts)' },
      MailFrom: { value: this.mail.fromAddress, description: 'Sender of sign-in links and invitations' },
      // Also written next to the web app as /config.json by the web deployment (the shared
      // contract). The API key is public by design: every browser receives it in that file.
      WebConfig: { description: 'Body of /config.json for Amplify.configure', value: this.toJsonString(this.webConfig()) },
    };
    for (const [id, output] of Object.entries(outputs)) new CfnOutput(this, id, output);
  }
}
