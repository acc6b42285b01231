import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SettingForm } from '@blaster/contract';
import { t, useMessages } from '../../../i18n';
import { SettingField } from './SettingField';

/** The sending limits: pace, daily cap, quiet hours and the automatic pauses. */
export function GovernanceFields({
  register,
  errors,
}: {
  register: UseFormRegister<SettingForm>;
  errors: FieldErrors<SettingForm>;
}) {
  const MSG = useMessages();
  const field = { register, errors };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium text-gray-800 dark:text-white/90">{MSG.governanceTitle}</legend>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <SettingField
          {...field}
          name="sends_per_minute"
          label={t('governance.sendsPerMinute')}
          numeric
          hint={t('governance.emptyNoLimit')}
        />
        <SettingField
          {...field}
          name="daily_sends_per_account"
          label={t('governance.dailySendsPerAccount')}
          numeric
          hint={t('governance.emptyNoLimit')}
        />
        <SettingField
          {...field}
          name="quiet_start"
          label={t('governance.quietStart')}
          placeholder="21:00"
          hint={t('governance.quietStartHint')}
        />
        <SettingField
          {...field}
          name="quiet_end"
          label={t('governance.quietEnd')}
          placeholder="08:00"
          hint="HH:MM"
        />
        <SettingField
          {...field}
          name="pause_fail_window"
          label={t('governance.pauseFailWindow')}
          numeric
          hint={t('governance.emptyTurnsOff')}
        />
        <SettingField
          {...field}
          name="pause_fail_percent"
          label={t('governance.pauseFailPercent')}
          numeric
          hint="1 - 100"
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input id="setting-pause_on_suspend" type="checkbox" {...register('pause_on_suspend')} />
        {t('governance.pauseOnSuspend')}
      </label>
    </fieldset>
  );
}
