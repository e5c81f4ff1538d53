// Dead-letter queue depths for the diagnostics screen. Locally there are no queues (the
// in-process event bus retries nothing), so the answer is null: "not applicable locally".
export async function deadLetterCounts(): Promise<{ name: string; messages: number }[] | null> {
  return null;
}
