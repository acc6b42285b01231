import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SettingForm } from '@blaster/contract';
import { t } from '../../../i18n';
import { SettingField } from './SettingField';

/**
 * How a newly approved template is sent: its first batch, the wait for that batch's feedback, and the
 * rates that pause it instead of releasing it.
 */
export function PacingFields({
  register,
  errors,
}: {
  register: UseFormRegister<SettingForm>;
  errors: FieldErrors<SettingForm>;
}) {
  const field = { register, errors, numeric: true };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium text-gray-800 dark:text-white/90">{t('pacing.title')}</legend>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <SettingField
          {...field}
          name="template_first_batch"
          label={t('pacing.firstBatch')}
          hint={t('pacing.firstBatchHint')}
        />
        <SettingField
          {...field}
          name="template_feedback_minutes"
          label={t('pacing.feedbackMinutes')}
          hint={t('pacing.feedbackMinutesHint')}
        />
        <SettingField
          {...field}
          name="template_block_percent"
          label={t('pacing.blockPercent')}
          hint="1 - 100"
        />
        <SettingField
          {...field}
          name="template_report_percent"
          label={t('pacing.reportPercent')}
          hint="1 - 100"
        />
        <SettingField
          {...field}
          name="template_opt_out_percent"
          label={t('pacing.optOutPercent')}
          hint="1 - 100"
        />
      </div>
    </fieldset>
  );
}
