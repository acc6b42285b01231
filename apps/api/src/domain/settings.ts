import { eq } from 'drizzle-orm';
import type { Setting, SettingRow } from '@blaster/contract';
import { settings } from '../db/schema';
import type { Executor } from '../ledger/ledger';

/** `lock` holds the row until the transaction ends, so what was read is what gets changed. */
export async function readSettings(db: Executor, { lock = false } = {}): Promise<SettingRow> {
  const query = db.select().from(settings).where(eq(settings.id, 1));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new Error('settings row missing: the database was not seeded');
  return {
    interval_min: row.intervalMin,
    interval_max: row.intervalMax,
    price: row.price,
    bank_names: row.bankNames,
    colors: row.colors,
    referral_percent: row.referralPercent,
    info: row.info,
    sends_per_minute: row.sendsPerMinute,
    daily_sends_per_account: row.dailySendsPerAccount,
    quiet_start: row.quietStart,
    quiet_end: row.quietEnd,
    pause_fail_window: row.pauseFailWindow,
    pause_fail_percent: row.pauseFailPercent,
    pause_on_suspend: row.pauseOnSuspend,
    require_consent: row.requireConsent,
    template_first_batch: row.templateFirstBatch,
    template_feedback_minutes: row.templateFeedbackMinutes,
    template_block_percent: row.templateBlockPercent,
    template_report_percent: row.templateReportPercent,
    template_opt_out_percent: row.templateOptOutPercent,
  };
}

export async function updateSettings(db: Executor, value: Setting): Promise<SettingRow> {
  await db
    .update(settings)
    .set({
      intervalMin: value.interval_min,
      intervalMax: value.interval_max,
      price: value.price,
      bankNames: value.bank_names,
      colors: value.colors,
      referralPercent: value.referral_percent,
      info: value.info,
      // Governance fields left out of the update keep their stored values.
      sendsPerMinute: value.sends_per_minute,
      dailySendsPerAccount: value.daily_sends_per_account,
      quietStart: value.quiet_start,
      quietEnd: value.quiet_end,
      pauseFailWindow: value.pause_fail_window,
      pauseFailPercent: value.pause_fail_percent,
      pauseOnSuspend: value.pause_on_suspend,
      // Left as it is when the form does not send it.
      ...(value.require_consent === undefined ? {} : { requireConsent: value.require_consent }),
      templateFirstBatch: value.template_first_batch,
      templateFeedbackMinutes: value.template_feedback_minutes,
      templateBlockPercent: value.template_block_percent,
      templateReportPercent: value.template_report_percent,
      templateOptOutPercent: value.template_opt_out_percent,
    })
    .where(eq(settings.id, 1));
  return readSettings(db);
}
