import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  DEFAULT_INTERVAL_MAX,
  DEFAULT_INTERVAL_MIN,
  MESSAGE_KEY,
  fieldErrors,
  generatorBodySchema,
  validatorBodySchema,
  type LookupKind,
  type LookupRow,
} from '@blaster/contract';
import { messageText, messages, t, useMessages } from '../../i18n';
import { RecordPage } from '../../components/RecordPage';
import { Alert, Button, FieldError, Label, inputClass, TextField } from '../../components/form';
import { FileField, acceptedFile } from '../../components/FileField';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { useAccountsOf } from '../whatsapp/api';
import { LOOKUP_ENDPOINTS, jobOf, lookupKeys, useRefreshLookups } from './api';

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
const NEW = 'new';

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
  const { user } = useSession();
  const navigate = useNavigate();
  const refreshLookups = useRefreshLookups(kind);
  const accounts = useAccountsOf(user?.id);
  const [values, setValues] = useState({
    whatsapp_id: row ? String(row.whatsapp_id) : '',
    start_number: row?.start_number ?? '',
    end_number: row?.end_number ?? '',
    interval_min: String(row?.interval_min ?? DEFAULT_INTERVAL_MIN),
    interval_max: String(row?.interval_max ?? DEFAULT_INTERVAL_MAX),
    b_insert: row?.b_insert ?? 0,
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change =
    (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.target.value;
      if (key === 'whatsapp_id' && value === NEW) {
        // 'Daftar Baru' connects a new account first: a job needs a connected account to ask.
        void navigate(`/whatsapp/create?type=${kind}`);
        return;
      }
      setValues((current) => ({ ...current, [key]: value }));
    };

  const save = useMutation({
    mutationFn: async () => {
      const schema = kind === 'generator' ? generatorBodySchema : validatorBodySchema;
      const checked = schema.safeParse(values);
      const problems: Record<string, string> = checked.success ? {} : fieldErrors(checked.error.issues);
      if (kind === 'validator' && !row) {
        const fileProblem = acceptedFile(file, ['csv', 'json'], MSG.fileTypeCsvJson);
        if (fileProblem) problems.file = fileProblem;
      }
      setErrors(problems);
      if (problems.start_number === MESSAGE_KEY.generatorRangeOrder)
        void showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.generatorRangeOrder });
      if (Object.keys(problems).length)
        throw new ApiError(messageText(Object.values(problems)[0]!), 400, problems);
      if (kind === 'generator') {
        const options = { fallback: MSG.networkError };
        return row
          ? callEndpoint('generatorUpdate', { params: { id: row.id }, body: values }, options)
          : callEndpoint('generatorCreate', { body: values }, options);
      }
      const form = new FormData();
      for (const [key, value] of Object.entries(values))
        if (!key.endsWith('_number')) form.append(key, String(value));
      if (file && !row) form.append('file', file);
      return row
        ? callEndpoint(
            'validatorUpdate',
            { params: { id: row.id }, body: form },
            { fallback: MSG.errorUpdateValidator },
          )
        : callEndpoint('validatorCreate', { body: form }, { fallback: MSG.errorCreateValidator });
    },
    onSuccess: async () => {
      await refreshLookups();
      void navigate(-1);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
    },
  });

  const disabled =
    save.isPending ||
    values.whatsapp_id === NEW ||
    (kind === 'generator' && (!values.start_number || !values.end_number)) ||
    (kind === 'validator' && !file && !row);

  return (
    <form
      noValidate
      className="max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <div>
        <Label htmlFor="lookup-account">{t('menu.whatsappAccounts')}</Label>
        <select
          id="lookup-account"
          value={values.whatsapp_id}
          onChange={change('whatsapp_id')}
          className={inputClass(Boolean(errors.whatsapp_id))}
        >
          <option value="">{accounts.isPending ? MSG.loading : '-- Pilih Akun --'}</option>
          {accounts.data?.list.map((account) => (
            <option key={account.id} value={account.id}>
              {account.phonenumber ?? account.clientid} ({account.state ?? 'unknown'})
            </option>
          ))}
          <option value={NEW}>{MSG.newAccount}</option>
        </select>
        <FieldError id="lookup-account-error" message={errors.whatsapp_id} />
      </div>
      {kind === 'generator' ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            id="lookup-start"
            label={t('lookup.startNumber')}
            error={errors.start_number}
            inputMode="numeric"
            placeholder="6281200000000"
            disabled={Boolean(row)}
            value={values.start_number}
            onChange={change('start_number')}
          />
          <TextField
            id="lookup-end"
            label={t('lookup.endNumber')}
            error={errors.end_number}
            inputMode="numeric"
            placeholder="6281299999999"
            disabled={Boolean(row)}
            value={values.end_number}
            onChange={change('end_number')}
          />
        </div>
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
