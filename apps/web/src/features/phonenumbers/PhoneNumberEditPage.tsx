import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { API, phoneNumberUpdateSchema, type PhoneNumberRow, type PhoneNumberUpdate } from '@blaster/contract';
import { MSG, t } from '../../i18n';
import { TextField } from '../../components/form';
import { RecordPage, SaveWithError, StatusCheckbox, useSaveAndGoBack } from '../../components/RecordPage';

/** /phonenumber/edit?id=: number, name and the active checkbox; goes back after saving. */
export function PhoneNumberEditPage() {
  return (
    <RecordPage
      title={t('route./phonenumber/edit')}
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
        label={t('phone.number')}
        error={errors.number?.message}
        {...register('number')}
      />
      <TextField id="edit-name" label={t('common.nama')} error={errors.name?.message} {...register('name')} />
      <StatusCheckbox
        label={t('common.activeStatus')}
        active={watch('status') === 'active'}
        onChange={(status) => setValue('status', status)}
      />
      <SaveWithError save={save} />
    </form>
  );
}
