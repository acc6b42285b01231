import { EXPORT_FILE_NAMES, type EndpointAnswer, type Endpoints } from '@blaster/contract';
import { t } from '../../../i18n';
import { ImportResult, downloadSkipped } from '../../../components/ImportResult';
import { UploadCard } from '../../../components/UploadCard';
import { downloadCsv, downloadJson } from '../../../lib/download';

/** A skipped row as the panel shows and saves it: the reason in the status column. */
const skippedRowsOf = (answer: EndpointAnswer<Endpoints['phoneImport']>) =>
  answer.skipped.map((row) => ({
    number: row.number,
    name: row.name,
    status: row.reason ?? row.status,
  }));

/** The upload of a CSV or JSON file of numbers, then what the import added and skipped. */
export function PhoneNumberImportCard({ onUploaded }: { onUploaded(): Promise<void> | void }) {
  return (
    <UploadCard
      id="phone-file"
      endpoint="phoneImport"
      onUploaded={onUploaded}
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
  );
}
