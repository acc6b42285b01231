import { useState, type ChangeEvent } from 'react';
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
import { messageText, useMessages, type Messages } from '../../i18n';
import { acceptedFile } from '../../components/FileField';
import { ApiError, callEndpoint } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { useRefreshLookups } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/** The account choice that leaves the form to connect a new account. */
export const NEW_ACCOUNT = 'new';

export type LookupValues = {
  whatsapp_id: string;
  start_number: string;
  end_number: string;
  interval_min: string;
  interval_max: string;
  b_insert: number;
};
export type LookupFieldChange = (
  key: keyof LookupValues,
) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

type Job = { kind: LookupKind; row: LookupRow | null; values: LookupValues; file: File | null };

function problemsOf({ kind, row, values, file }: Job, MSG: Messages) {
  const schema = kind === 'generator' ? generatorBodySchema : validatorBodySchema;
  const checked = schema.safeParse(values);
  const problems: Record<string, string> = checked.success ? {} : fieldErrors(checked.error.issues);
  if (kind === 'validator' && !row) {
    const fileProblem = acceptedFile(file, ['csv', 'json'], MSG.fileTypeCsvJson);
    if (fileProblem) problems.file = fileProblem;
  }
  return problems;
}

function sendJob({ kind, row, values, file }: Job, MSG: Messages) {
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
}

/** The generator / validator form's values, its checks and its save. */
export function useLookupForm(kind: LookupKind, row: LookupRow | null) {
  const MSG = useMessages();
  const navigate = useNavigate();
  const returnToList = useReturnToList();
  const refreshLookups = useRefreshLookups(kind);
  const [values, setValues] = useState<LookupValues>({
    whatsapp_id: row ? String(row.whatsapp_id) : '',
    start_number: row?.start_number ?? '',
    end_number: row?.end_number ?? '',
    interval_min: String(row?.interval_min ?? DEFAULT_INTERVAL_MIN),
    interval_max: String(row?.interval_max ?? DEFAULT_INTERVAL_MAX),
    b_insert: row?.b_insert ?? 0,
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change: LookupFieldChange = (key) => (event) => {
    const value = event.target.value;
    if (key === 'whatsapp_id' && value === NEW_ACCOUNT) {
      // 'Daftar Baru' connects a new account first: a job needs a connected account to ask.
      void navigate(`/whatsapp/create?type=${kind}`);
      return;
    }
    setValues((current) => ({ ...current, [key]: value }));
  };

  const save = useMutation({
    mutationFn: async () => {
      const job = { kind, row, values, file };
      const problems = problemsOf(job, MSG);
      setErrors(problems);
      if (problems.start_number === MESSAGE_KEY.generatorRangeOrder)
        void showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.generatorRangeOrder });
      if (Object.keys(problems).length)
        throw new ApiError(messageText(Object.values(problems)[0]!), 400, problems);
      return sendJob(job, MSG);
    },
    onSuccess: async () => {
      await refreshLookups();
      returnToList();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
    },
  });

  const disabled =
    save.isPending ||
    values.whatsapp_id === NEW_ACCOUNT ||
    (kind === 'generator' && (!values.start_number || !values.end_number)) ||
    (kind === 'validator' && !file && !row);

  return { values, setValues, setFile, errors, change, save, disabled };
}
