import type { ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_BANK_NAMES,
  DEFAULT_COLORS,
  settingUpdateSchema,
  type Setting,
  type SettingForm,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';

import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass, TextField } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PageCard } from '../../components/data-table';
import type { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api';
import { useSettings } from './api';
import { useSaveSettings } from './use-save-settings';

/** /settings: blast intervals, price, banks, level colours, referral share and the member announcement. */
export function SettingsPage() {
  const MSG = useMessages();
  const settings = useSettings();
  let body;
  if (settings.isError) body = <p className="text-sm text-red-500">{errorText(settings.error)}</p>;
  else if (!settings.data) body = <p>{MSG.loading}</p>;
  else body = <SettingsForm defaults={settings.data.setting} />;
  return (
    <>
      <Breadcrumb title={MSG.settingsTitle} />
      <PageCard title={MSG.settingsTitle}>{body}</PageCard>
    </>
  );
}

type Field = keyof SettingForm;

function SettingsForm({ defaults }: { defaults: Setting }) {
  const MSG = useMessages();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingForm>({ resolver: zodResolver(settingUpdateSchema), defaultValues: defaults });
  const save = useSaveSettings(setError);

  const input = (
    name: Field,
    label: string,
    options: { numeric?: boolean; hint?: string; placeholder?: string } = {},
  ) => (
    <TextField
      id={`setting-${name}`}
      label={label}
      error={errors[name]?.message}
      hint={options.hint}
      type={options.numeric ? 'number' : 'text'}
      min={options.numeric ? 0 : undefined}
      inputMode={options.numeric ? 'numeric' : undefined}
      placeholder={options.placeholder}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-5">
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {input('interval_min', t('settings.intervalMin'), { numeric: true })}
        {input('interval_max', t('settings.intervalMax'), { numeric: true })}
        <MoneyField control={control} name="price" id="setting-price" label={t('settings.price')} />
        {input('referral_percent', t('settings.referralPercent'), { numeric: true, hint: '0 - 100' })}
        {input('bank_names', t('settings.bankNames'), {
          hint: t('settings.bankNamesHint', { example: DEFAULT_BANK_NAMES }),
        })}
        {input('colors', t('settings.colors'), {
          hint: t('settings.colorsHint', { example: DEFAULT_COLORS }),
        })}
      </div>
      <div>
        <Label htmlFor="setting-info">{t('settings.info')}</Label>
        <textarea
          id="setting-info"
          rows={4}
          aria-invalid={Boolean(errors.info) || undefined}
          className={`${inputClass(Boolean(errors.info))} h-auto`}
          {...register('info')}
        />
        <FieldError id="setting-info-error" message={errors.info?.message} />
      </div>
      <GovernanceFields input={input} register={register} />
      <label htmlFor="setting-require-consent" className="flex items-center gap-2 text-sm">
        <input
          id="setting-require-consent"
          type="checkbox"
          className="size-4 rounded border-gray-300"
          {...register('require_consent')}
        />
        {MSG.requireConsentLabel}
      </label>
      {save.error && Object.keys((save.error as ApiError).errors ?? {}).length === 0 && (
        <p className="text-sm text-red-500">{MSG.editError(errorText(save.error))}</p>
      )}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}

/** Builds one text or number field of the form (see SettingsForm). */
type FieldOf = (
  name: Field,
  label: string,
  options?: { numeric?: boolean; hint?: string; placeholder?: string },
) => ReactNode;

/** The send limits, quiet hours and auto-pause rule every blast follows. */
function GovernanceFields({ input, register }: { input: FieldOf; register: UseFormRegister<SettingForm> }) {
  const MSG = useMessages();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium text-gray-800 dark:text-white/90">{MSG.governanceTitle}</legend>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {input('sends_per_minute', t('governance.sendsPerMinute'), {
          numeric: true,
          hint: t('governance.emptyNoLimit'),
        })}
        {input('daily_sends_per_account', t('governance.dailySendsPerAccount'), {
          numeric: true,
          hint: t('governance.emptyNoLimit'),
        })}
        {input('quiet_start', t('governance.quietStart'), {
          placeholder: '21:00',
          hint: t('governance.quietStartHint'),
        })}
        {input('quiet_end', t('governance.quietEnd'), { placeholder: '08:00', hint: 'HH:MM' })}
        {input('pause_fail_window', t('governance.pauseFailWindow'), {
          numeric: true,
          hint: t('governance.emptyTurnsOff'),
        })}
        {input('pause_fail_percent', t('governance.pauseFailPercent'), { numeric: true, hint: '1 - 100' })}
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input id="setting-pause_on_suspend" type="checkbox" {...register('pause_on_suspend')} />
        {t('governance.pauseOnSuspend')}
      </label>
    </fieldset>
  );
}
