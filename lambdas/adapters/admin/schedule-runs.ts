// Schedule health: each schedule handler records its last run and outcome, which the
// diagnostics screen shows beside the client errors.
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';

export const SCHEDULES = [
  { name: 'reminders', description: 'Every 15 minutes: starts scheduled closures and sends reminders' },
  { name: 'housekeeping', description: 'Hourly: archives reopened closures and expires announcements' },
  { name: 'livetraffic', description: "Every 5 minutes: imports the state's hazards from Live Traffic NSW" },
] as const;
export type ScheduleName = (typeof SCHEDULES)[number]['name'];

/** Runs a schedule's work and records how it ended; a failure is recorded and then rethrown. */
export async function recordScheduleRun<T>(name: ScheduleName, work: () => Promise<T>, describe: (result: T) => string): Promise<T> {
  const startedAt = nowSeconds();
  try {
    const result = await work();
    await db()
      .entities.scheduleRun.put({ name, lastRunAt: startedAt, outcome: 'ok', detail: describe(result).slice(0, 500), lastSuccessAt: startedAt })
      .go();
    return result;
  } catch (error) {
    const previous = (await db().entities.scheduleRun.get({ name }).go()).data;
    await db()
      .entities.scheduleRun.put({
        name,
        lastRunAt: startedAt,
        outcome: 'failed',
        detail: String((error as Error).message ?? error).slice(0, 500),
        lastSuccessAt: previous?.lastSuccessAt,
      })
      .go();
    throw error;
  }
}

export async function scheduleHealth() {
  const { data } = await db().entities.scheduleRun.get(SCHEDULES.map(({ name }) => ({ name }))).go();
  return SCHEDULES.map((s) => {
    const run = data.find((r) => r.name === s.name);
    return { name: s.name, description: s.description, lastRunAt: run?.lastRunAt ?? null, outcome: run?.outcome ?? null, detail: run?.detail ?? null };
  });
}
