import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  phoneNumberUpdateWithConsentSchema,
  type PhoneNumberUpdateWithConsent,
  type PhoneNumberWithConsentRow,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { TextField } from '../../components/form';
import { ConsentFields, localInputTime } from './ConsentFields';
import { LabelFields, labelErrors } from './LabelFields';
import { RecordPage, SaveWithError, StatusCheckbox, useSaveAndGoBack } from '../../components/RecordPage';
import { callEndpoint } from '../../lib/api';
import { phoneNumberKeys } from './api';

/** /phonenumber/edit?id=: number, name, tags and fields, consent and the active checkbox; goes back after saving. */
export function PhoneNumberEditPage() {
  const MSG = useMessages();
  return (
    <RecordPage
      title={t('route./phonenumber/edit')}
      queryKey={phoneNumberKeys.detail()}
      path="phoneNumberGet"
      fallback={MSG.errorFetchingPhoneNumber}
      pick={(answer: { phoneNumber: PhoneNumberWithConsentRow }) => answer.phoneNumber}
    >
      {(row) => <EditForm row={row!} />}
    </RecordPage>
  );
}

function EditForm({ row }: { row: PhoneNumberWithConsentRow }) {
  const MSG = useMessages();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors },
  } = useForm<PhoneNumberUpdateWithConsent>({
    resolver: zodResolver(phoneNumberUpdateWithConsentSchema),
    defaultValues: {
      number: row.number,
      name: row.name,
      status: row.status,
      consent_source: row.consent_source ?? '',
      consent_at: localInputTime(row.consent_at),
      consent_note: row.consent_note ?? '',
      tags: row.tags,
      fields: row.fields,
    },
  });
  const save = useSaveAndGoBack(
    (body: PhoneNumberUpdateWithConsent) =>
      callEndpoint('phoneNumberUpdate', { params: { id: row.id }, body }, { fallback: MSG.networkError }),
    phoneNumberKeys.all[0],
    setError,
  );
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <TextField
        id="edit-number"
        label={t('phone.number')}
        error={errors.number?.message}
        {...register('number')}
      />
      <TextField id="edit-name" label={t('common.nama')} error={errors.name?.message} {...register('name')} />
      <LabelFields
        idPrefix="edit"
        tags={row.tags}
        fields={row.fields}
        onTags={(tags) => setValue('tags', tags)}
        onFields={(fields) => setValue('fields', fields)}
        errors={labelErrors(errors)}
      />
      <ConsentFields idPrefix="edit" register={register} errors={errors} />
      <StatusCheckbox
        label={t('common.activeStatus')}
        active={watch('status') === 'active'}
        onChange={(status) => setValue('status', status)}
      />
      <SaveWithError save={save} />
    </form>
  );
}
