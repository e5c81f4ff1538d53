// Live customer changes: the Stripe webhook publishes each change to onCustomerChanged, which the
// admin customer list and the onboarding "processing" page listen to.
import { publishThroughMutation } from '../platform/appsync-iam';

export interface CustomerChangeMessage {
  lgaCode: string;
  subscriptionStatus: string;
  paymentStatus: string | null;
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  eventType: string;
  updatedAt: number;
}

export const CUSTOMER_CHANGE_FIELDS = 'lgaCode subscriptionStatus paymentStatus trialEnd currentPeriodEnd eventType updatedAt';

const PUBLISH = `mutation PublishCustomerChanged($input: CustomerChangeInput!) {
  publishCustomerChanged(input: $input) { ${CUSTOMER_CHANGE_FIELDS} }
}`;

export async function publishCustomerChange(change: CustomerChangeMessage): Promise<void> {
  await publishThroughMutation('publishCustomerChanged', change, PUBLISH, { input: change });
}
