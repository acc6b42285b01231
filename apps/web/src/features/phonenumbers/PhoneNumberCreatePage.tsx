import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { phoneNumberSaveWithConsentSchema, type PhoneNumberSaveWithConsent } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, showFieldErrors, TextField } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { ConsentFields } from './ConsentFields';
import { LabelFields, labelErrors } from './LabelFields';
import { useRefreshPhoneNumbers } from './api';
import { PhoneNumberImportCard } from './components/PhoneNumberImportCard';
import { useReturnToList } from '../../lib/return-to-list';

/** /phonenumber/create: one number by hand, or a CSV/JSON file of them. */
export function PhoneNumberCreatePage() {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const refreshPhoneNumbers = useRefreshPhoneNumbers();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<PhoneNumberSaveWithConsent>({
    resolver: zodResolver(phoneNumberSaveWithConsentSchema),
    defaultValues: { number: '', name: '', consent_source: '', consent_at: '', consent_note: '' },
  });
  const save = useMutation({
    mutationFn: (body: PhoneNumberSaveWithConsent) =>
      callEndpoint('phoneSave', { body }, { fallback: MSG.networkError }),
    onSuccess: async () => {
      await refreshPhoneNumbers();
      returnToList(t('phone.saved'));
    },
    onError: showFieldErrors(setError),
  });

  return (
    <>
      <Breadcrumb title={t('route./phonenumber/create')} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <PageCard title={t('common.addManual')}>
          <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-5">
            <TextField
              id="phone-number"
              label={t('phone.number')}
              error={errors.number?.message}
              inputMode="tel"
              {...register('number')}
            />
            <TextField
              id="phone-name"
              label={t('common.nama')}
              error={errors.name?.message}
              {...register('name')}
            />
            <LabelFields
              idPrefix="phone"
              tags={undefined}
              fields={undefined}
              onTags={(tags) => setValue('tags', tags)}
              onFields={(fields) => setValue('fields', fields)}
              errors={labelErrors(errors)}
            />
            <ConsentFields idPrefix="phone" register={register} errors={errors} />
            {save.error && !(save.error instanceof ApiError && Object.keys(save.error.errors).length) && (
              <Alert>{errorText(save.error, MSG.networkError)}</Alert>
            )}
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? t('phone.saving') : t('phone.save')}
            </Button>
          </form>
        </PageCard>
        <PhoneNumberImportCard
          onUploaded={async () => {
            await refreshPhoneNumbers();
          }}
        />
      </div>
    </>
  );
}
