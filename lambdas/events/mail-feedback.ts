// SES feedback on alert mail: the configuration set publishes bounces and complaints to an SNS
// topic, and this handler stops alert mail to each address concerned (a permanent bounce or any
// complaint; a transient bounce is left to SES's own retries). The person's notification settings
// then say so and what to do.
import { Logger } from '@aws-lambda-powertools/logger';
import type { SNSEvent } from 'aws-lambda';
import { suppressAddress } from '../adapters/alerts/suppression';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures-mail-feedback' });

interface SesFeedback {
  eventType?: string;
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complainedRecipients?: { emailAddress?: string }[] };
}

/** The addresses to stop and why, from one SES event (configuration-set event or identity notification). */
export function stopsOf(feedback: SesFeedback): { address: string; reason: 'bounced' | 'complained' }[] {
  const type = feedback.eventType ?? feedback.notificationType;
  if (type === 'Bounce' && feedback.bounce?.bounceType === 'Permanent') {
    return (feedback.bounce.bouncedRecipients ?? []).flatMap((r) => (r.emailAddress ? [{ address: r.emailAddress, reason: 'bounced' as const }] : []));
  }
  if (type === 'Complaint') {
    return (feedback.complaint?.complainedRecipients ?? []).flatMap((r) => (r.emailAddress ? [{ address: r.emailAddress, reason: 'complained' as const }] : []));
  }
  return [];
}

export const handler = async (event: SNSEvent): Promise<{ stopped: number }> => {
  let stopped = 0;
  for (const record of event.Records ?? []) {
    let feedback: SesFeedback;
    try {
      feedback = JSON.parse(record.Sns.Message) as SesFeedback;
    } catch {
      logger.warn('feedback message is not JSON', { messageId: record.Sns.MessageId });
      continue;
    }
    for (const { address, reason } of stopsOf(feedback)) {
      await suppressAddress(address, reason);
      stopped++;
    }
  }
  logger.info('mail feedback', { stopped });
  return { stopped };
};
