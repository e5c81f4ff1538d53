import { generateClient } from 'aws-amplify/api';
import { currentAuthMode } from '../../../lib/api';
import { CLOSURE_FIELDS, type MapClosure } from './closure-fields';

const ON_CHANGED = /* GraphQL */ `
  subscription OnClosureChanged($lgaCode: String) {
    onClosureChanged(lgaCode: $lgaCode) { ${CLOSURE_FIELDS} }
  }
`;

interface Subscribable {
  subscribe(observer: { next(message: { data?: { onClosureChanged?: MapClosure | null } }): void; error(error: unknown): void }): {
    unsubscribe(): void;
  };
}

/** Every closure change (or one LGA's); returns the unsubscribe function. */
export function subscribeToClosureChanges(
  onChange: (closure: MapClosure) => void,
  onError: (error: unknown) => void,
  lgaCode?: string,
): () => void {
  // Amplify's generated types expect codegen models; the untyped call is all this needs.
  const client = generateClient() as unknown as { graphql(options: unknown): Subscribable };
  const subscription = client
    .graphql({ query: ON_CHANGED, variables: lgaCode ? { lgaCode } : {}, authMode: currentAuthMode() })
    .subscribe({
      next: (message) => {
        const closure = message.data?.onClosureChanged;
        if (closure) onChange(closure);
      },
      error: onError,
    });
  return () => subscription.unsubscribe();
}
