// Alerts by email and text (docs/alerts.md): the consumer of domain events that finds each
// follower with email or texts on and queues them in batches, the sender that mails (or queues a
// daily digest) and texts each batch, the SES configuration set whose bounces and complaints
// come back on a topic of their own to a function that stops mail to those addresses, the signed
// one-click unsubscribe endpoint, and the key that signs its links.
import { CfnOutput, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Mail } from './mail';
import { ProjectFunction } from './project-function';

/** Alert mail per second, kept under the account's SES send rate (raise it with the SES quota). */
export const ALERT_MAIL_RATE = 14;

/** Texts per second, kept under the account's End User Messaging SMS rate. */
export const SMS_SEND_RATE = 20;

/**
 * Alert senders running at once (the alert queue's maximum concurrency; SQS allows no fewer than
 * 2). Each keeps to this share of the mail and text rates, so together they stay under them.
 */
export const ALERT_SENDERS = 2;

/** The alert sender's timeout: a batch (200 mails at 7 a second, 200 texts at 10) takes under 30 s. */
const SENDER_TIMEOUT = Duration.minutes(2);

/** What one text costs a council, in AUD cents (End User Messaging's Australian rate, rounded up). */
export const SMS_PRICE_CENTS = 6;

export interface AlertsProps {
  readonly stage: string;
  readonly table: ITableV2;
  readonly eventsTopic: ITopic;
  readonly mail: Mail;
  readonly environment: Record<string, string>;
  /** The sender id texts come from (context `smsSenderId`), registered in End User Messaging SMS. */
  readonly smsSenderId?: string;
}

export class Alerts extends Construct {
  readonly consumer: ProjectFunction;
  /** The alert sender and its queue: the consumer hands each event's mail and texts on in batches. */
  readonly sender: ProjectFunction;
  readonly queue: Queue;
  readonly feedback: ProjectFunction;
  readonly unsubscribe: ProjectFunction;
  readonly unsubscribeUrl: FunctionUrl;
  readonly configurationSet: ConfigurationSet;
  readonly signingKey: Secret;
  readonly deadLetters: Queue;
  readonly smsInbound: ProjectFunction;
  private readonly senderIdArn: string;
  private readonly senderId: string;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    this.signingKey = new Secret(this, 'UnsubscribeSigning', {
      description: 'Key that signs one-click unsubscribe links in alert mail (JSON: key)',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'key', passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.signingKey.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'A new key voids the unsubscribe link of every alert mail already sent; it is replaced by hand when needed, not on a schedule.',
    });

    // Bounces and complaints of alert mail: their own topic, encrypted with a key SES may use.
    const key = new Key(this, 'FeedbackKey', { description: 'Encrypts the SES feedback topic', enableKeyRotation: true });
    key.addToResourcePolicy(
      new PolicyStatement({ actions: ['kms:GenerateDataKey*', 'kms:Decrypt'], principals: [new ServicePrincipal('ses.amazonaws.com')], resources: ['*'] }),
    );
    const feedbackTopic = new Topic(this, 'Feedback', { displayName: 'SES bounces and complaints of alert mail', enforceSSL: true, masterKey: key });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      // SES's account-level list as well: an address that bounced never costs a send again.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.deadLetters = new Queue(this, 'DeadLetters', { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetters.node.defaultChild!).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the alert consumer, the alert queue and the SES feedback handler.',
    });

    this.feedback = new ProjectFunction(this, 'FeedbackFunction', {
      entry: 'lambdas/events/mail-feedback.ts',
      stage: props.stage,
      service: 'mail-feedback',
      description: 'Stops alert mail to addresses SES reports as bounced or complained about',
      deadLetterQueue: this.deadLetters,
    }).bindTable(props.table, 'readwrite');
    feedbackTopic.addSubscription(new LambdaSubscription(this.feedback, { deadLetterQueue: this.deadLetters }));

    this.consumer = new ProjectFunction(this, 'ConsumerFunction', {
      entry: 'lambdas/events/email-alerts.ts',
      stage: props.stage,
      service: 'events-email-alerts',
      description: 'Finds who hears of a closure event by email and by text, and queues them in batches',
      // It reads the followers and queues their batches: seconds even for a council of 100,000.
      timeout: Duration.minutes(2),
      environment: props.environment,
      deadLetterQueue: this.deadLetters,
    }).bindTable(props.table, 'readwrite');
    props.eventsTopic.addSubscription(new LambdaSubscription(this.consumer, { deadLetterQueue: this.deadLetters }));
    this.senderId = props.smsSenderId ?? 'RoadClosure';
    this.senderIdArn = `arn:aws:sms-voice:${this.consumer.env.region}:${this.consumer.env.account}:sender-id/${this.senderId}/AU`;
    // Without the queue (never in AWS) the consumer would send the batches itself: same grants.
    this.grantAlertMail(this.consumer, props.mail);
    this.grantSms(this.consumer);
    this.consumer.bindTopic(props.eventsTopic, 'EVENTS_TOPIC_ARN');

    // The alert queue (docs/alerts.md#send-rate-and-big-councils): one message per batch of at
    // most 200 mails and 200 texts, sent by at most ALERT_SENDERS senders at once, each at its share of the rates. A
    // batch that fails is received again (its claims skip what went) up to five times, then kept
    // in the dead-letter queue.
    this.queue = new Queue(this, 'Queue', {
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      // Six times the sender's timeout, as Lambda recommends for SQS event sources.
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 5 },
    });
    this.sender = new ProjectFunction(this, 'SenderFunction', {
      entry: 'lambdas/events/alert-fanout.ts',
      stage: props.stage,
      service: 'alert-sender',
      description: 'Sends one batch of a closure event\'s alert mail and texts, under its share of the SES and SMS rates',
      timeout: SENDER_TIMEOUT,
      environment: { ...props.environment, ALERT_SENDERS: String(ALERT_SENDERS) },
    }).bindTable(props.table, 'readwrite');
    this.sender.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, maxConcurrency: ALERT_SENDERS, reportBatchItemFailures: true }));
    this.grantAlertMail(this.sender, props.mail);
    // Texts, and the once-a-month notice to account managers that a council's cap is reached.
    this.grantSms(this.sender);
    this.sender.bindTopic(props.eventsTopic, 'EVENTS_TOPIC_ARN');
    this.queue.grantSendMessages(this.consumer);
    this.consumer.addEnvironment('ALERT_QUEUE_URL', this.queue.queueUrl);

    // Replies to texts (STOP, START): End User Messaging two-way SMS publishes them here.
    const repliesKey = new Key(this, 'RepliesKey', { description: 'Encrypts the SMS replies topic', enableKeyRotation: true });
    repliesKey.addToResourcePolicy(
      new PolicyStatement({ actions: ['kms:GenerateDataKey*', 'kms:Decrypt'], principals: [new ServicePrincipal('sms-voice.amazonaws.com')], resources: ['*'] }),
    );
    const replies = new Topic(this, 'SmsReplies', { displayName: 'Replies to text alerts (STOP, START)', enforceSSL: true, masterKey: repliesKey });
    replies.addToResourcePolicy(new PolicyStatement({ actions: ['sns:Publish'], principals: [new ServicePrincipal('sms-voice.amazonaws.com')], resources: [replies.topicArn] }));
    this.smsInbound = new ProjectFunction(this, 'SmsInboundFunction', {
      entry: 'lambdas/events/sms-inbound.ts',
      stage: props.stage,
      service: 'sms-inbound',
      description: 'Opts a number out of text alerts when it replies STOP (and back in on START)',
      deadLetterQueue: this.deadLetters,
    }).bindTable(props.table, 'readwrite');
    replies.addSubscription(new LambdaSubscription(this.smsInbound, { deadLetterQueue: this.deadLetters }));
    new CfnOutput(this, 'SmsRepliesTopic', { value: replies.topicArn, description: 'Set as the two-way SMS destination of the sender id (docs/alerts.md)' });

    this.unsubscribe = new ProjectFunction(this, 'UnsubscribeFunction', {
      entry: 'lambdas/webhooks/unsubscribe.ts',
      stage: props.stage,
      service: 'alert-unsubscribe',
      description: 'One-click unsubscribe from alert mail (RFC 8058): checks the signed link, turns email off',
      memorySize: 256,
    })
      .bindTable(props.table, 'readwrite')
      .bindSecret(this.signingKey, 'ALERT_SECRET_ARN');
    // Public like the Stripe webhook: mail clients POST here with no AWS signature; every request
    // is authenticated by the HMAC in its token.
    this.unsubscribeUrl = this.unsubscribe.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
    new CfnOutput(this, 'MailConfigurationSet', { value: this.configurationSet.configurationSetName, description: 'SES configuration set of alert mail' });
  }

  private readonly keyed = new Set<ProjectFunction>();

  /** The unsubscribe and code signing key, once per function. */
  bindKey(fn: ProjectFunction): void {
    if (this.keyed.has(fn)) return;
    this.keyed.add(fn);
    fn.bindSecret(this.signingKey, 'ALERT_SECRET_ARN');
  }

  /** Sends texts from the sender id (the alert consumer; the API's notifications domain texts codes). */
  grantSms(fn: ProjectFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sms-voice:SendTextMessage'], resources: [this.senderIdArn] }));
    fn.addEnvironment('SMS_ORIGINATION_IDENTITY', this.senderIdArn);
    fn.addEnvironment('SMS_PRICE_CENTS', String(SMS_PRICE_CENTS));
    fn.addEnvironment('SMS_SEND_RATE', String(SMS_SEND_RATE));
    this.bindKey(fn);
  }

  /** Sends alert mail (the digests' schedule too): the sender, the configuration set, the rate and the signing key. */
  grantAlertMail(fn: ProjectFunction, mail: Mail): void {
    mail.grantSend(fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:aws:ses:${this.configurationSet.env.region}:${this.configurationSet.env.account}:configuration-set/${this.configurationSet.configurationSetName}`],
      }),
    );
    fn.addEnvironment('MAIL_CONFIGURATION_SET', this.configurationSet.configurationSetName);
    fn.addEnvironment('ALERT_MAIL_RATE', String(ALERT_MAIL_RATE));
    this.bindKey(fn);
  }
}
