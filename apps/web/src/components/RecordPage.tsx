import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@blaster/contract';
import { Breadcrumb } from '../app/layout/Breadcrumb';
import { apiRequest, errorText } from '../lib/api';
import { PageCard } from './list';

interface RecordPageProps<Answer, Row> {
  /** One title, or one for creating and one for editing when the page does both. */
  title: string | { create: string; edit: string };
  queryKey: readonly unknown[];
  /** Where the record named by the page's `?id=` is read from. */
  path: (id: number) => string;
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
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw ? Number(raw) : null;
  const valid = id !== null && Number.isInteger(id) && id > 0;
  const record = useQuery({
    queryKey: [...queryKey, id],
    enabled: valid,
    retry: false,
    queryFn: () => apiRequest<Answer>(path(id!), { fallback }),
  });
  const creating = creates && id === null;
  const heading = typeof title === 'string' ? title : creating ? title.create : title.edit;

  let body: ReactNode;
  if (creating) body = children(null);
  else if (!valid || record.isError)
    body = <p className="text-sm text-red-500">{errorText(record.error, fallback)}</p>;
  else if (!record.data) body = <p>{MSG.loading}</p>;
  else body = children(pick(record.data));
  return (
    <>
      <Breadcrumb title={heading} />
      <PageCard title={heading}>{body}</PageCard>
    </>
  );
}
