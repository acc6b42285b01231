import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  MSG,
  phoneNumberUpdateSchema,
  type PhoneNumberRow,
  type PhoneNumberUpdate,
} from '@blaster/contract';
import { Button, showFieldErrors, TextField } from '../../components/form';
import { RecordPage } from '../../components/RecordPage';
import { apiRequest, errorText } from '../../lib/api';

/** /phonenumber/edit?id=: number, name and the active checkbox; goes back after saving. */
export function PhoneNumberEditPage() {
  return (
    <RecordPage
      title="Edit Phone Number"
      queryKey={['phonenumber']}
      path={API.phoneNumber}
      fallback={MSG.errorFetchingPhoneNumber}
      pick={(answer: { phoneNumber: PhoneNumberRow }) => answer.phoneNumber}
    >
      {(row) => <EditForm row={row!} />}
    </RecordPage>
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
    onError: showFieldErrors(setError),
  });
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <TextField
        id="edit-number"
        label="Nomor Telepon"
        error={errors.number?.message}
        {...register('number')}
      />
      <TextField id="edit-name" label="Nama" error={errors.name?.message} {...register('name')} />
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
