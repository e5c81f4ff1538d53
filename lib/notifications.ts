import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/**
 * The domain-event topic (docs/architecture.md#domain-events-and-their-consumers): every change
 * someone may care about is published here and fanned out to the in-app notification writer and the
 * push sender.
 */
export class Notifications extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Events carry user ids and report text: encrypted with a key of our own (rotated) rather
    // than the AWS-managed SNS key, so publishers need an explicit grant on it.
    const key = new Key(this, 'Key', {
      description: 'Encrypts the domain-event topic',
      enableKeyRotation: true,
    });
    this.topic = new Topic(this, 'Events', {
      displayName: 'Road closure domain events',
      enforceSSL: true,
      masterKey: key,
    });
  }
}
