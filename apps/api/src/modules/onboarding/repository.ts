import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { messageLogHourly, messageTemplates, phoneNumbers, users, whatsappAccounts } from '../../db/schema';

/** Whether each piece of data a getting-started step asks for exists. */
export interface OnboardingFacts {
  active_numbers: boolean;
  active_template: boolean;
  members: boolean;
  own_account: boolean;
  bank_details: boolean;
  own_blast: boolean;
}

const filled = (column: unknown) => sql`coalesce(btrim(${column}), '') <> ''`;

export const onboardingRepository = {
  /** Every fact in one statement; each is an `exists` that stops at the first row it finds. */
  async facts(db: Db, userId: number): Promise<OnboardingFacts> {
    const [row] = await queryRows<OnboardingFacts>(
      db,
      sql`select
        exists (select 1 from ${phoneNumbers} where ${phoneNumbers.status} = 'active') as active_numbers,
        exists (select 1 from ${messageTemplates} where ${messageTemplates.status} = 'active') as active_template,
        exists (select 1 from ${users} where ${users.role} = 'member') as members,
        exists (select 1 from ${whatsappAccounts} where ${whatsappAccounts.userId} = ${userId}) as own_account,
        exists (
          select 1 from ${users} where ${users.id} = ${userId}
            and ${filled(users.accountName)} and ${filled(users.accountBank)} and ${filled(users.accountNumber)}
        ) as bank_details,
        exists (
          select 1 from ${messageLogHourly}
          where ${messageLogHourly.userId} = ${userId}
            and ${messageLogHourly.success} + ${messageLogHourly.fail} + ${messageLogHourly.pending} > 0
        ) as own_blast`,
    );
    return row!;
  },
};
