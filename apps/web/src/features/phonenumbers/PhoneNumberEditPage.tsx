import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  MSG,
  phoneNumberUpdateSchema,
  type PhoneNumberRow,
  type PhoneNumberUpdate,
} from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { Button, FieldError, Label, TextInput } from '../../components/form';
import { PageCard } from '../../components/list';
import { ApiError, apiRequest, errorText } from '../../lib/api';

/** /phonenumber/edit?id=: number, name and the active checkbox; goes back after saving. */
export function PhoneNumberEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const phone = useQuery({
    queryKey: ['phonenumber', id],
    enabled: id > 0,
    retry: false,
    queryFn: () =>
      apiRequest<{ phoneNumber: PhoneNumberRow }>(API.phoneNumber(id), {
        fallback: MSG.errorFetchingPhoneNumber,
      }),
  });
  let body;
  if (!(id > 0) || phone.isError)
    body = <p className="text-sm text-red-500">{errorText(phone.error, MSG.errorFetchingPhoneNumber)}</p>;
  else if (!phone.data) body = <p>{MSG.loading}</p>;
  else body = <EditForm row={phone.data.phoneNumber} />;
  return (
    <>
      <Breadcrumb title="Edit Phone Number" />
      <PageCard title="Edit Phone Number">{body}</PageCard>
    </>
  );
}

function EditForm({ row }: { row: PhoneNumberRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<PhoneNumberUpdate>({
    resolver: zodResolver(phoneNumberUpdateSchema),
    defaultValues: { number: row.number, name: row.name, status: row.status },
  });
  const save = useMutation({
    mutationFn: (body: PhoneNumberUpdate) =>
      apiRequest(API.phoneNumber(row.id), { method: 'PUT', body, fallback: MSG.networkError }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['phonenumbers'] });
      void navigate(-1);
    },
    onError: (error) => {
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.errors))
          setError(field as keyof PhoneNumberUpdate, { type: 'server', message });
    },
  });
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <div>
        <Label htmlFor="edit-number">Nomor Telepon</Label>
        <TextInput id="edit-number" invalid={Boolean(errors.number)} {...register('number')} />
        <FieldError id="edit-number-error" message={errors.number?.message} />
      </div>
      <div>
        <Label htmlFor="edit-name">Nama</Label>
        <TextInput id="edit-name" invalid={Boolean(errors.name)} {...register('name')} />
        <FieldError id="edit-name-error" message={errors.name?.message} />
      </div>
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          checked={watch('status') === 'active'}
          onChange={(event) => setValue('status', event.target.checked ? 'active' : 'nonactive')}
          className="size-4 accent-brand-500"
        />
        Status aktif
      </label>
      {save.error && <p className="text-sm text-red-500">{MSG.editError(errorText(save.error))}</p>}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
