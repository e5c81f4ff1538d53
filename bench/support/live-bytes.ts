// Bytes a process holds (heap and external, so typed arrays and file buffers count), after a full
// garbage collection: what a loaded road graph costs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const gc: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

export function liveBytes(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}
