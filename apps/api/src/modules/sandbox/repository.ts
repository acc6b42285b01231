import type { Executor } from '../../ledger/ledger';
import { messageTemplates, phoneNumbers } from '../../db/schema';

/** The demo rows the sandbox seeds: phone numbers and a first template. */
export const sandboxRepository = {
  /** Adds the numbers not there yet; answers how many were added. */
  async addNumbers(executor: Executor, rows: { number: string; name: string }[]): Promise<number> {
    const created = await executor
      .insert(phoneNumbers)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: phoneNumbers.id });
    return created.length;
  },

  /** Adds the template when there is none; answers how many were added. */
  async addTemplateIfNone(executor: Executor, template: { text: string; textWa: string }): Promise<number> {
    const templates = await executor.select({ id: messageTemplates.id }).from(messageTemplates).limit(1);
    if (templates.length > 0) return 0;
    await executor.insert(messageTemplates).values(template);
    return 1;
  },
};
