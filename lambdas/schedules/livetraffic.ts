// EventBridge schedule, every 5 minutes (locally a timer): imports the state's hazards from the
// Live Traffic NSW feed (docs/state-hazards.md). A cycle in which no kind answered is recorded as
// failed, so admin diagnostics shows it; what was imported before stays shown.
import { importStateHazards } from '../adapters/livetraffic/import';
import { recordScheduleRun } from '../adapters/admin/schedule-runs';
import { roadGraphReady } from '../adapters/platform/road-graph-file';

export const handler = () =>
  recordScheduleRun(
    'livetraffic',
    async () => {
      // In AWS the road graph is an S3 object fetched on the first run of a container (no-op locally).
      await roadGraphReady();
      const result = await importStateHazards();
      if (result.answered.length === 0) throw new Error(`The Live Traffic NSW feed did not answer: ${result.failed.map((f) => `${f.kind} ${f.reason}`).join('; ')}`);
      return result;
    },
    (r) =>
      `${r.hazards} state hazards; ${r.written} written, ${r.removed} removed, ${r.refused} refused` +
      (r.failed.length ? `; no answer from ${r.failed.map((f) => `${f.kind} (${f.reason})`).join(', ')}` : ''),
  );
