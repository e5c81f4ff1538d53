import { gql } from '../../../lib/api';

export interface SubscribedClosure {
  id: string;
  lgaCode: string;
  type: { value: string; text: string };
  formattedAddress: string | null;
  reason: string | null;
  condition: string;
  subscriberCount: number;
}
export interface SubscribedLga {
  code: string;
  name: string;
}
export interface MySubscriptions {
  closures: SubscribedClosure[];
  lgas: SubscribedLga[];
}

export const subscriptionsKey = ['mySubscriptions'] as const;
/** Spec §9. */
export const MAX_LGA_SUBSCRIPTIONS = 5;

const FIELDS = 'closures { id lgaCode type { value text } formattedAddress reason condition subscriberCount } lgas { code name }';

export async function fetchMySubscriptions(): Promise<MySubscriptions> {
  return (await gql<{ mySubscriptions: MySubscriptions }>(`query { mySubscriptions { ${FIELDS} } }`)).mySubscriptions;
}

type Op = 'subscribeToClosure' | 'unsubscribeFromClosure' | 'subscribeToLga' | 'unsubscribeFromLga';

async function change(op: Op, arg: 'id' | 'code', value: string): Promise<MySubscriptions> {
  const type = arg === 'id' ? 'ID!' : 'String!';
  const data = await gql<Record<Op, MySubscriptions>>(`mutation Change($v: ${type}) { ${op}(${arg}: $v) { ${FIELDS} } }`, { v: value });
  return data[op];
}

export const subscribeToClosure = (id: string) => change('subscribeToClosure', 'id', id);
export const unsubscribeFromClosure = (id: string) => change('unsubscribeFromClosure', 'id', id);
export const subscribeToLga = (code: string) => change('subscribeToLga', 'code', code);
export const unsubscribeFromLga = (code: string) => change('unsubscribeFromLga', 'code', code);
