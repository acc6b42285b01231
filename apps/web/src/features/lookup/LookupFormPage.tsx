import type { LookupKind, LookupRow } from '@blaster/contract';
import { messages, t, useMessages } from '../../i18n';
import { RecordPage } from '../../components/RecordPage';
import { Alert, Button } from '../../components/form';
import { FileField } from '../../components/FileField';
import { ApiError, errorText } from '../../lib/api';
import { LOOKUP_ENDPOINTS, jobOf, lookupKeys } from './api';
import { useLookupForm } from './use-lookup-form';
import { LookupAccountSelect } from './components/LookupAccountSelect';
import { NumberRangeFields } from './components/NumberRangeFields';
import { IntervalFields } from './components/IntervalFields';

// Getters: each read takes the chosen language's text.
const TITLES = {
  get generator() {
    const MSG = messages();
    return MSG.generatorFormTitle;
  },
  get validator() {
    const MSG = messages();
    return MSG.validatorFormTitle;
  },
};

/** /generator/create and /validator/create (edit mode with ?id=). */
export function LookupFormPage({ kind }: { kind: LookupKind }) {
  return (
    <RecordPage
      title={TITLES[kind]}
      creates
      queryKey={lookupKeys.detail(kind)}
      path={LOOKUP_ENDPOINTS[kind].get}
      pick={jobOf}
    >
      {(row) => <LookupForm kind={kind} row={row} />}
    </RecordPage>
  );
}

function LookupForm({ kind, row }: { kind: LookupKind; row: LookupRow | null }) {
  const MSG = useMessages();
  const { values, setValues, setFile, errors, change, save, disabled } = useLookupForm(kind, row);

  return (
    <form
      noValidate
      className="max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <LookupAccountSelect value={values.whatsapp_id} error={errors.whatsapp_id} change={change} />
      {kind === 'generator' ? (
        <NumberRangeFields values={values} errors={errors} change={change} locked={Boolean(row)} />
      ) : (
        !row && (
          <FileField
            id="lookup-file"
            label={t('lookup.file')}
            accept=".csv,.json"
            error={errors.file}
            onChange={setFile}
          />
        )
      )}
      <IntervalFields values={values} errors={errors} change={change} />
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          checked={values.b_insert === 1}
          onChange={(event) =>
            setValues((current) => ({ ...current, b_insert: event.target.checked ? 1 : 0 }))
          }
          className="size-4 accent-brand-500"
        />
        {t('lookup.saveToPhoneNumbers')}
      </label>
      {save.error && !(save.error instanceof ApiError && Object.keys(save.error.errors).length) && (
        <Alert>{errorText(save.error, MSG.networkError)}</Alert>
      )}
      <Button type="submit" loading={save.isPending} disabled={disabled}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
