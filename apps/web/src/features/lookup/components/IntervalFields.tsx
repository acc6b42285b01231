import { t } from '../../../i18n';
import { TextField } from '../../../components/form';
import type { LookupFieldChange, LookupValues } from '../use-lookup-form';

/** The pause between two lookups, from the shortest to the longest. */
export function IntervalFields({
  values,
  errors,
  change,
}: {
  values: LookupValues;
  errors: Record<string, string>;
  change: LookupFieldChange;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <TextField
        id="lookup-min"
        label={t('settings.intervalMin')}
        error={errors.interval_min}
        type="number"
        min={0}
        value={values.interval_min}
        onChange={change('interval_min')}
      />
      <TextField
        id="lookup-max"
        label={t('settings.intervalMax')}
        error={errors.interval_max}
        type="number"
        min={0}
        value={values.interval_max}
        onChange={change('interval_max')}
      />
    </div>
  );
}
