import { useState } from 'react';
import type { TemplateRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { TextInput } from '../../../components/form';
import { dangerLinkClass, linkButtonClass } from '../../../components/data-table';

/** Approve, or reject with the reason the author and the members read (the reason is required). */
export function ReviewDecision({
  row,
  busy,
  onDecide,
}: {
  row: TemplateRow;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject', reason?: string) => void;
}) {
  const [reason, setReason] = useState('');
  if (row.review_state !== 'pending') return <span>-</span>;
  return (
    <div className="flex min-w-40 flex-col gap-2" data-review-actions={row.id}>
      <button type="button" className={linkButtonClass} disabled={busy} onClick={() => onDecide('approve')}>
        {t('template.approve')}
      </button>
      <TextInput
        aria-label={t('template.rejectReason')}
        placeholder={t('template.rejectReason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <button
        type="button"
        className={dangerLinkClass}
        disabled={busy || reason.trim() === ''}
        onClick={() => onDecide('reject', reason.trim())}
      >
        {t('template.reject')}
      </button>
    </div>
  );
}
