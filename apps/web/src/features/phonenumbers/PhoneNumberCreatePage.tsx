import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  API,
  EXPORT_FILE_NAMES,
  phoneNumberSaveWithConsentSchema,
  type ImportAnswer,
  type ImportRow,
  type PhoneNumberSaveWithConsent,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, showFieldErrors, TextField } from '../../components/form';
import { ImportResult, downloadSkipped } from '../../components/ImportResult';
import { UploadCard } from '../../components/UploadCard';
import { PageCard } from '../../components/data-table';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { downloadCsv, downloadJson } from '../../lib/download';
import { ConsentFields } from './ConsentFields';
import { useRefreshPhoneNumbers } from './api';

/** /phonenumber/create: one number by hand, or a CSV/JSON file of them. */
export function PhoneNumberCreatePage() {
  const MSG = useMessages();
  const navigate = useNavigate();
  const refreshPhoneNumbers = useRefreshPhoneNumbers();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PhoneNumberSaveWithConsent>({
    resolver: zodResolver(phoneNumberSaveWithConsentSchema),
    defaultValues: { number: '', name: '', consent_source: '', consent_at: '', consent_note: '' },
  });
  const save = useMutation({
    mutationFn: (body: PhoneNumberSaveWithConsent) =>
      apiRequest(API.phoneSave, { method: 'POST', body, fallback: MSG.networkError }),
    onSuccess: async () => {
      toast.success(t('phone.saved'));
      await refreshPhoneNumbers();
      // Like every other create form, a saved number goes back to where the user came from.
      void navigate(-1);
    },
    onError: showFieldErrors(setError),
  });

  const skippedRowsOf = (answer: ImportAnswer) =>
    answer.skipped.map((row: ImportRow) => ({
      number: row.number,
      name: row.name,
      status: row.reason ?? row.status,
    }));

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
            <ConsentFields idPrefix="phone" register={register} errors={errors} />
            {save.error && !(save.error instanceof ApiError && Object.keys(save.error.errors).length) && (
              <Alert>{errorText(save.error, MSG.networkError)}</Alert>
            )}
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? t('phone.saving') : t('phone.save')}
            </Button>
          </form>
        </PageCard>
        <UploadCard<ImportAnswer>
          id="phone-file"
          path={API.phoneImport}
          onUploaded={() => refreshPhoneNumbers()}
          renderResult={(result) => (
            <ImportResult
              createdCount={result.createdCount}
              skipped={skippedRowsOf(result)}
              skippedCount={result.skippedCount}
              columns={[
                { key: 'number', label: t('common.phoneNumber') },
                { key: 'name', label: t('common.name') },
                { key: 'status', label: t('common.keterangan') },
              ]}
              onDownloadCsv={() =>
                downloadSkipped(result, 'csv', EXPORT_FILE_NAMES.phoneNumbersSkippedCsv, () =>
                  downloadCsv(EXPORT_FILE_NAMES.phoneNumbersSkippedCsv, skippedRowsOf(result), [
                    'number',
                    'name',
                    'status',
                  ]),
                )
              }
              onDownloadJson={() =>
                downloadSkipped(result, 'json', EXPORT_FILE_NAMES.phoneNumbersSkippedJson, () =>
                  downloadJson(EXPORT_FILE_NAMES.phoneNumbersSkippedJson, skippedRowsOf(result)),
                )
              }
            />
          )}
        />
      </div>
    </>
  );
}
