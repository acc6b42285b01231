import { toast } from 'sonner';
import { PHONE_LIST_MAX_LIMIT, type PhoneNumberWithConsentRow as PhoneNumberRow } from '@blaster/contract';
import { formatNumber, t, type useMessages } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { downloadCsv, downloadJson } from '../../lib/download';

/**
 * Downloads every number. The list answers slices, walked newest first, each after the last; a long
 * list takes a while, so one toast counts the rows read so far against the list's total, then says
 * how many were saved.
 */
export async function exportPhoneNumbers(kind: 'csv' | 'json', MSG: ReturnType<typeof useMessages>) {
  const progress = toast.loading(t('common.exportStarting'));
  try {
    const counts = await callEndpoint('phoneCountBlast', {}, { fallback: MSG.errorFetchingPhoneNumberList });
    const total = formatNumber(counts.blasted + counts.unBlasted);
    const all: PhoneNumberRow[] = [];
    for (let after: number | undefined; ;) {
      const { list: slice } = await callEndpoint(
        'phoneList',
        { query: { limit: PHONE_LIST_MAX_LIMIT, after } },
        { fallback: MSG.errorFetchingPhoneNumberList },
      );
      all.push(...slice);
      toast.loading(t('common.exporting', { done: formatNumber(all.length), total }), { id: progress });
      if (slice.length < PHONE_LIST_MAX_LIMIT) break;
      after = slice.at(-1)!.id;
    }
    if (all.length === 0) {
      toast.error(MSG.noPhoneNumbersToExport, { id: progress });
      return;
    }
    const rows = all.map((row) => ({ number: row.number, name: row.name, status: 'active' }));
    if (kind === 'csv') downloadCsv('phone_numbers.csv', rows, ['number', 'name', 'status']);
    else downloadJson('phone_numbers.json', rows);
    toast.success(t('common.exported', { count: formatNumber(all.length) }), { id: progress });
  } catch (error) {
    toast.error(errorText(error), { id: progress });
  }
}
