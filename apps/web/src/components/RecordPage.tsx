import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useMessages } from '../i18n';
import { Breadcrumb } from './Breadcrumb';
import type { RowEndpointName } from '@blaster/contract';
import { callEndpoint, errorText } from '../lib/api';
import { Button, showFieldErrors } from './form';
import { PageCard } from './data-table';
import { useReturnToList } from '../lib/return-to-list';

/**
 * Query options for what a form starts from: read afresh on every visit, never from a copy kept
 * since an earlier one, which would be saved back over newer changes.
 */
export const FRESH_RECORD = { staleTime: 0, gcTime: 0 } as const;

interface RecordPageProps<Answer, Row> {
  /** One title, or one for creating and one for editing when the page does both. */
  title: string | { create: string; edit: string };
  queryKey: readonly unknown[];
  /** The endpoint the record named by `?id=` is read from. */
  path: RowEndpointName<'GET'>;
  /** Shown when the record cannot be read and the server gave no reason. */
  fallback?: string;
  pick: (answer: Answer) => Row;
  /** Without `?id=` the page creates a record (the form gets null); otherwise an id is required. */
  creates?: boolean;
  children: (row: Row | null) => ReactNode;
}

/**
 * The frame of a create or edit screen: reads the record named by `?id=`, shows loading and the
 * error in place of the form, and hands the loaded record (or null when creating) to the form.
 */
export function RecordPage<Answer, Row>({
  title,
  queryKey,
  path,
  fallback,
  pick,
  creates = false,
  children,
}: RecordPageProps<Answer, Row>) {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw ? Number(raw) : null;
  const valid = id !== null && Number.isInteger(id) && id > 0;
  const record = useQuery({
    queryKey: [...queryKey, id],
    enabled: valid,
    retry: false,
    ...FRESH_RECORD,
    queryFn: () => callEndpoint(path, { params: { id: id! } } as never, { fallback }) as Promise<Answer>,
  });
  const creating = creates && id === null;
  const heading = typeof title === 'string' ? title : creating ? title.create : title.edit;

  let body: ReactNode;
  if (creating) body = children(null);
  else if (!valid || record.isError)
    body = <p className="text-sm text-danger">{errorText(record.error, fallback)}</p>;
  else if (!record.data) body = <p>{MSG.loading}</p>;
  else body = children(pick(record.data));
  return (
    <>
      <Breadcrumb title={heading} />
      <PageCard title={heading}>{body}</PageCard>
    </>
  );
}

/**
 * Saves a record with `save` (an endpoint's call): on success the list it belongs to is refreshed and
 * the screen returns to the list; the server's field messages land under the fields.
 */
export function useSaveAndGoBack<Body extends FieldValues>(
  save: (body: Body) => Promise<unknown>,
  listKey: string,
  setError: UseFormSetError<Body>,
) {
  const returnToList = useReturnToList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [listKey] });
      returnToList();
    },
    onError: showFieldErrors(setError),
  });
}

/** The active / nonactive checkbox of an edit form. */
export function StatusCheckbox({
  label,
  active,
  onChange,
}: {
  label: string;
  active: boolean;
  onChange: (status: 'active' | 'nonactive') => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
      <input
        type="checkbox"
        checked={active}
        onChange={(event) => onChange(event.target.checked ? 'active' : 'nonactive')}
        className="size-4 accent-brand-500"
      />
      {label}
    </label>
  );
}

/** The save button of an edit form, with the failure above it. */
export function SaveWithError({ save }: { save: Pick<UseMutationResult, 'error' | 'isPending'> }) {
  const MSG = useMessages();
  return (
    <>
      {save.error && <p className="text-sm text-danger">{MSG.editError(errorText(save.error))}</p>}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </>
  );
}
