import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SegmentFilterInput, SegmentRow } from '@blaster/contract';
import { formatNumber, messageText, t } from '../../../i18n';
import { Alert, Button, TextField } from '../../../components/form';
import { errorText } from '../../../lib/api';
import { usePreviewCount, useSaveSegment } from '../api';
import { ChoiceFields, FieldRows, TagChips } from './filter-parts';

/** The live count of the filter being built, announced politely as it changes. */
function LiveCount({ filter }: { filter: SegmentFilterInput }) {
  const count = usePreviewCount(filter);
  let text = t('segments.counting');
  if (count.isError) text = t('segments.countFailed');
  else if (count.data)
    text = t('segments.count', {
      claimable: formatNumber(count.data.claimable),
      total: formatNumber(count.data.total),
    });
  return (
    <p
      role="status"
      aria-live="polite"
      className="rounded-lg bg-gray-50 px-4 py-3 text-sm font-medium text-gray-800 dark:bg-white/[0.03] dark:text-white/90"
    >
      {text}
    </p>
  );
}

/**
 * Builds or changes a segment: a name, the tags numbers must carry, field = value rows from the
 * fields numbers have, consent source, the last message's stage and replies, with a live count.
 */
export function SegmentBuilder({
  segment,
  fieldKeys,
  onDone,
}: {
  segment: SegmentRow | null;
  fieldKeys: string[];
  onDone: () => void;
}) {
  const [name, setName] = useState(segment?.name ?? '');
  const [filter, setFilter] = useState<SegmentFilterInput>(segment?.filter ?? {});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSegment();
  // Rows still without a value are not conditions yet: the count and the save leave them out.
  const complete = { ...filter, fields: (filter.fields ?? []).filter((row) => row.value.trim() !== '') };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: segment?.id ?? null, body: { name, filter: complete } });
      toast.success(messageText(saved.msg));
      onDone();
    } catch (failure) {
      setError(errorText(failure, t('segments.loadFailed')));
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={segment ? t('segments.editTitle') : t('segments.new')}
      className="space-y-5"
    >
      <TextField
        id="segment-name"
        label={t('segments.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={100}
      />
      <TagChips filter={filter} onChange={setFilter} />
      <FieldRows filter={filter} keys={fieldKeys} onChange={setFilter} />
      <ChoiceFields filter={filter} onChange={setFilter} />
      <LiveCount filter={complete} />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('segments.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          {t('segments.save')}
        </Button>
      </div>
    </form>
  );
}
