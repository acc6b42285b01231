import { useState } from 'react';
import { toast } from 'sonner';
import type { SegmentFilterInput, SegmentRow } from '@blaster/contract';
import { formatNumber, messageText, t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { LoadFailed } from '../../components/LoadFailed';
import { confirmDialog } from '../../lib/dialogs';
import { errorText } from '../../lib/api';
import { useFieldKeys } from '../phonenumbers/api';
import { useDeleteSegment, useSegmentCount, useSegments } from './api';
import { SegmentBuilder } from './components/SegmentBuilder';
import { SegmentSizesChart } from './components/SegmentSizesChart';

/** A filter in a line: its conditions as the builder names them. */
function describe(filter: SegmentFilterInput) {
  const parts = [
    ...(filter.tags ?? []).map((tag) => `#${tag}`),
    ...(filter.fields ?? []).map((field) => `${field.key} = ${field.value}`),
    ...(filter.consent_source ? [`${t('segments.consentSource')}: ${filter.consent_source}`] : []),
    ...(filter.last_stage ? [`${t('segments.lastStage')}: ${t(`segments.stage.${filter.last_stage}`)}`] : []),
    ...(filter.replied === undefined
      ? []
      : [filter.replied ? t('segments.repliedYes') : t('segments.repliedNo')]),
  ];
  return parts.length > 0 ? parts.join(' · ') : t('segments.everyNumber');
}

function SegmentCount({ id }: { id: number }) {
  const count = useSegmentCount(id);
  if (!count.data) return <span className="text-muted">{t('segments.counting')}</span>;
  return (
    <span>
      {t('segments.count', {
        claimable: formatNumber(count.data.claimable),
        total: formatNumber(count.data.total),
      })}
    </span>
  );
}

function SegmentItem({ segment, onEdit }: { segment: SegmentRow; onEdit: () => void }) {
  const remove = useDeleteSegment();
  const confirmRemove = async () => {
    if (!(await confirmDialog(t('segments.confirmDelete', { name: segment.name }), t('segments.delete'))))
      return;
    try {
      toast.success(messageText((await remove.mutateAsync(segment.id)).msg));
    } catch (error) {
      toast.error(errorText(error, t('segments.loadFailed')));
    }
  };
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium break-words text-gray-800 dark:text-white/90">{segment.name}</h3>
        <p className="text-sm break-words text-gray-600 dark:text-gray-400">{describe(segment.filter)}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <SegmentCount id={segment.id} />
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button type="button" variant="outline" className="py-2" onClick={onEdit}>
          {t('segments.edit')}
        </Button>
        <Button type="button" variant="outline" className="py-2" onClick={() => void confirmRemove()}>
          {t('segments.delete')}
        </Button>
      </div>
    </li>
  );
}

function SegmentList({ onEdit }: { onEdit: (segment: SegmentRow) => void }) {
  const segments = useSegments();
  if (segments.isPending) return <p role="status">{t('segments.counting')}</p>;
  if (segments.isError)
    return (
      <LoadFailed
        message={t('segments.loadFailed')}
        retry={t('segments.retry')}
        onRetry={() => void segments.refetch()}
      />
    );
  if (segments.data.list.length === 0) return <p className="text-sm text-muted">{t('segments.empty')}</p>;
  return (
    <ul className="divide-y divide-gray-100 dark:divide-gray-800">
      {segments.data.list.map((segment) => (
        <SegmentItem key={segment.id} segment={segment} onEdit={() => onEdit(segment)} />
      ))}
    </ul>
  );
}

/** /segments: saved audiences of blasts, and the builder with its live count. */
export function SegmentsPage() {
  const [editing, setEditing] = useState<SegmentRow | 'new' | null>(null);
  const fieldKeys = useFieldKeys();
  // The same query as the list's: the chart appears once there is a segment to draw.
  const segments = useSegments();
  const saved = segments.data?.list ?? [];
  return (
    <>
      <Breadcrumb title={t('route./segments')} />
      <div className="space-y-6">
        {editing !== null && (
          <PageCard title={editing === 'new' ? t('segments.new') : t('segments.editTitle')}>
            <SegmentBuilder
              key={editing === 'new' ? 'new' : editing.id}
              segment={editing === 'new' ? null : editing}
              fieldKeys={fieldKeys.data?.fields ?? []}
              onDone={() => setEditing(null)}
            />
          </PageCard>
        )}
        <PageCard
          title={t('segments.list')}
          actions={
            editing === null && (
              <Button type="button" className="py-2" onClick={() => setEditing('new')}>
                {t('segments.new')}
              </Button>
            )
          }
        >
          <SegmentList onEdit={setEditing} />
        </PageCard>
        {saved.length > 0 && <SegmentSizesChart segments={saved} />}
      </div>
    </>
  );
}
