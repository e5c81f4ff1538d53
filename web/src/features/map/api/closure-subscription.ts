import { liveSubscription } from '../../../lib/amplify';
import { currentAuthMode } from '../../../lib/api';
import { CLOSURE_FIELDS, type MapClosure } from './closure-fields';

const ON_CHANGED = /* GraphQL */ `
  subscription OnClosureChanged($lgaCode: String) {
    onClosureChanged(lgaCode: $lgaCode) { ${CLOSURE_FIELDS} }
  }
`;

/** Every closure change (or one LGA's); returns the unsubscribe function. */
export function subscribeToClosureChanges(
  onChange: (closure: MapClosure) => void,
  onError: (error: unknown) => void,
  lgaCode?: string,
): () => void {
  return liveSubscription<MapClosure>(
    { query: ON_CHANGED, variables: lgaCode ? { lgaCode } : {}, authMode: currentAuthMode(), field: 'onClosureChanged' },
    onChange,
    onError,
  );
}
