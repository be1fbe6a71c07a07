/**
 * The daily budget of model calls per business (LIMITS.maxModelCallsPerBusinessPerDay). The count
 * lives wherever the server keeps its state, behind this interface: the production chat service
 * stores it in its database (one counter per business and UTC day, incremented in a transaction),
 * so it holds across instances and restarts; the mock server and tests keep it in memory.
 */

export interface ModelCallBudget {
  /**
   * Counts one model call for the business on `day` (UTC, YYYY-MM-DD) if fewer than `limit` were
   * counted; tells whether it was. Must be atomic: two servers racing never both take the last call.
   */
  take(businessId: string, day: string, limit: number): Promise<boolean>;
  /**
   * Counts the output tokens a model call wrote (its reported usage) on the business's day, for a
   * budget that also caps tokens: take() then refuses once the day's tokens are spent.
   */
  spend?(businessId: string, day: string, outputTokens: number): Promise<void>;
}

/** The UTC day of an instant, as the budget's key. */
export function budgetDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/**
 * The budget in this process's memory. Limits: one process only, forgotten on restart, and days
 * are never pruned beyond the current one — for the mock server and tests, not for production.
 */
export function createMemoryModelCallBudget(): ModelCallBudget {
  const counts = new Map<string, number>();
  let currentDay = '';
  return {
    async take(businessId, day, limit) {
      if (day !== currentDay) {
        counts.clear();
        currentDay = day;
      }
      const used = counts.get(businessId) ?? 0;
      if (used >= limit) return false;
      counts.set(businessId, used + 1);
      return true;
    },
  };
}
