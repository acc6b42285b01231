import { t } from '../../../i18n';
import { TextField } from '../../../components/form';
import type { LookupFieldChange, LookupValues } from '../use-lookup-form';

/** The generator's first and last number; a saved job's range no longer changes. */
export function NumberRangeFields({
  values,
  errors,
  change,
  locked,
}: {
  values: LookupValues;
  errors: Record<string, string>;
  change: LookupFieldChange;
  locked: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <TextField
        id="lookup-start"
        label={t('lookup.startNumber')}
        error={errors.start_number}
        inputMode="numeric"
        placeholder="6281200000000"
        disabled={locked}
        value={values.start_number}
        onChange={change('start_number')}
      />
      <TextField
        id="lookup-end"
        label={t('lookup.endNumber')}
        error={errors.end_number}
        inputMode="numeric"
        placeholder="6281299999999"
        disabled={locked}
        value={values.end_number}
        onChange={change('end_number')}
      />
    </div>
  );
}
