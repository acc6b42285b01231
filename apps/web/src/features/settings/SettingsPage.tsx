import { DEFAULT_BANK_NAMES, DEFAULT_COLORS, type Setting } from '@blaster/contract';
import { t, useMessages } from '../../i18n';

import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PageCard } from '../../components/data-table';
import type { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api';
import { useSettings } from './api';
import { useSettingsForm } from './use-settings-form';
import { GovernanceFields } from './components/GovernanceFields';
import { PacingFields } from './components/PacingFields';
import { SettingField } from './components/SettingField';

/**
 * /settings: blast intervals, price, banks, level colours, referral share, the member announcement, the
 * sending limits and how new templates are paced.
 */
export function SettingsPage() {
  const MSG = useMessages();
  const settings = useSettings();
  let body;
  if (settings.isError) body = <p className="text-sm text-danger">{errorText(settings.error)}</p>;
  // The form starts from the copy read on this visit, never one kept from before: another admin may
  // have changed the settings since, and saving the older copy would undo it.
  else if (!settings.data || !settings.isFetchedAfterMount) body = <p>{MSG.loading}</p>;
  else body = <SettingsForm defaults={settings.data.setting} />;
  return (
    <>
      <Breadcrumb title={MSG.settingsTitle} />
      <PageCard title={MSG.settingsTitle}>{body}</PageCard>
    </>
  );
}

function SettingsForm({ defaults }: { defaults: Setting }) {
  const MSG = useMessages();
  const {
    form: {
      control,
      register,
      handleSubmit,
      formState: { errors },
    },
    save,
  } = useSettingsForm(defaults);
  const field = { register, errors };

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="space-y-5">
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <SettingField {...field} name="interval_min" label={t('settings.intervalMin')} numeric />
        <SettingField {...field} name="interval_max" label={t('settings.intervalMax')} numeric />
        <MoneyField control={control} name="price" id="setting-price" label={t('settings.price')} />
        <SettingField
          {...field}
          name="referral_percent"
          label={t('settings.referralPercent')}
          numeric
          hint="0 - 100"
        />
        <SettingField
          {...field}
          name="bank_names"
          label={t('settings.bankNames')}
          hint={t('settings.bankNamesHint', { example: DEFAULT_BANK_NAMES })}
        />
        <SettingField
          {...field}
          name="colors"
          label={t('settings.colors')}
          hint={t('settings.colorsHint', { example: DEFAULT_COLORS })}
        />
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
      <GovernanceFields {...field} />
      <PacingFields {...field} />
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
        <p className="text-sm text-danger">{MSG.editError(errorText(save.error))}</p>
      )}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
