import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { API, phoneNumberUpdateSchema, type PhoneNumberRow, type PhoneNumberUpdate } from '@blaster/contract';
import { MSG } from '../../i18n';
import { TextField } from '../../components/form';
import { RecordPage, SaveWithError, StatusCheckbox, useSaveAndGoBack } from '../../components/RecordPage';

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
  const save = useSaveAndGoBack(API.phoneNumber(row.id), 'phonenumbers', setError);
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <TextField
        id="edit-number"
        label="Nomor Telepon"
        error={errors.number?.message}
        {...register('number')}
      />
      <TextField id="edit-name" label="Nama" error={errors.name?.message} {...register('name')} />
      <StatusCheckbox
        label="Status aktif"
        active={watch('status') === 'active'}
        onChange={(status) => setValue('status', status)}
      />
      <SaveWithError save={save} />
    </form>
  );
}
