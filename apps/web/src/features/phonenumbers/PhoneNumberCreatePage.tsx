import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  API,
  MSG,
  phoneNumberSaveSchema,
  type ImportAnswer,
  type ImportRow,
  type PhoneNumberSave,
} from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { Alert, Button, FieldError, Label, TextInput } from '../../components/form';
import { ImportResult } from '../../components/ImportResult';
import { PageCard } from '../../components/list';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { downloadCsv, downloadJson } from '../../lib/download';
import { FileField, acceptedFile } from '../../components/FileField';

/** /phonenumber/create: one number by hand, or a CSV/JSON file of them. */
export function PhoneNumberCreatePage() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PhoneNumberSave>({
    resolver: zodResolver(phoneNumberSaveSchema),
    defaultValues: { number: '', name: '' },
  });
  const save = useMutation({
    mutationFn: (body: PhoneNumberSave) =>
      apiRequest(API.phoneSave, { method: 'POST', body, fallback: MSG.networkError }),
    onSuccess: () => {
      toast.success('Nomor berhasil disimpan.');
      reset();
      void queryClient.invalidateQueries({ queryKey: ['phonenumbers'] });
    },
    onError: (error) => {
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.errors))
          setError(field as keyof PhoneNumberSave, { type: 'server', message });
    },
  });

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return apiRequest<ImportAnswer>(API.phoneImport, {
        method: 'POST',
        body: form,
        fallback: MSG.errorImportingFile,
      });
    },
    onSuccess: (answer) => {
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: ['phonenumbers'] });
    },
  });
  const skippedRows = (result?.skipped ?? []).map((row: ImportRow) => ({
    number: row.number,
    name: row.name,
    status: row.reason ?? row.status,
  }));

  return (
    <>
      <Breadcrumb title="Tambah Phone Number" />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <PageCard title="Tambah Manual">
          <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-5">
            <div>
              <Label htmlFor="phone-number">Nomor Telepon</Label>
              <TextInput
                id="phone-number"
                inputMode="tel"
                invalid={Boolean(errors.number)}
                {...register('number')}
              />
              <FieldError id="phone-number-error" message={errors.number?.message} />
            </div>
            <div>
              <Label htmlFor="phone-name">Nama</Label>
              <TextInput id="phone-name" invalid={Boolean(errors.name)} {...register('name')} />
              <FieldError id="phone-name-error" message={errors.name?.message} />
            </div>
            {save.error && !(save.error instanceof ApiError && Object.keys(save.error.errors).length) && (
              <Alert>{errorText(save.error, MSG.networkError)}</Alert>
            )}
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? 'Menyimpan Nomor...' : 'Simpan Nomor'}
            </Button>
          </form>
        </PageCard>
        <PageCard title="Upload File CSV atau JSON">
          <form
            noValidate
            className="space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              const problem = acceptedFile(file, ['csv', 'json'], MSG.fileTypeCsvJson);
              setFileError(problem);
              if (!problem) upload.mutate(file!);
            }}
          >
            <FileField
              id="phone-file"
              label="File"
              accept=".csv,.json"
              error={fileError}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(undefined);
              }}
            />
            {upload.error && <Alert>{errorText(upload.error, MSG.errorImportingFile)}</Alert>}
            <Button type="submit" loading={upload.isPending} disabled={upload.isPending}>
              {upload.isPending ? 'Mengupload File...' : 'Upload File'}
            </Button>
            {result && (
              <ImportResult
                createdCount={result.createdCount}
                skipped={skippedRows}
                columns={[
                  { key: 'number', label: 'Phone Number' },
                  { key: 'name', label: 'Name' },
                  { key: 'status', label: 'Keterangan' },
                ]}
                onDownloadCsv={() =>
                  downloadCsv('phone_numbers_skipped.csv', skippedRows, ['number', 'name', 'status'])
                }
                onDownloadJson={() => downloadJson('phone_numbers_skipped.json', skippedRows)}
              />
            )}
          </form>
        </PageCard>
      </div>
    </>
  );
}
