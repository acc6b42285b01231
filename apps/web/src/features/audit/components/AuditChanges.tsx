import type { AuditEntry } from '@blaster/contract';
import { formatRupiah, t, tValue } from '../../../i18n';

/** Money fields show as rupiah; the rest as they are, '-' for nothing. */
const MONEY_FIELDS = new Set(['nominal', 'blast_fee', 'price']);

/** Fields whose values a catalog group names, whatever the target. */
const VALUE_GROUPS: Record<string, string> = {
  role: 'role',
  state: 'state',
  review_state: 'template.review',
  pacing: 'template.pacing',
  feedback: 'template.feedbackKind',
};

/** The catalog group that names a field's values: a role, an account's state, a status of the target's kind. */
function valueGroup(field: string, target: AuditEntry['target']['type']): string | null {
  if (field in VALUE_GROUPS) return VALUE_GROUPS[field]!;
  if (field !== 'status') return null;
  if (target === 'withdrawal') return 'withdrawStatus';
  return target === 'whatsapp' ? 'blastStatus' : null;
}

function formatValue(field: string, value: unknown, target: AuditEntry['target']['type']): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatRupiah(value);
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'object') return JSON.stringify(value);
  const group = valueGroup(field, target);
  return group ? tValue(group, String(value)) : String(value);
}

/** A field's name in the chosen language; one the catalogs do not name reads as its own name. */
function fieldName(field: string): string {
  const named = tValue('auditField', field);
  return named === field ? field.replaceAll('_', ' ') : named;
}

/** One line per changed field: the value before, an arrow, the value after. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span>-</span>;
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr]">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="text-muted">{fieldName(field)}</dt>
          <dd className="break-words">
            {entry.before && (
              <>
                <span className="text-red-600 line-through decoration-red-300 dark:text-red-400">
                  {formatValue(field, before[field], entry.target.type)}
                </span>
                {entry.after && <span aria-hidden="true"> → </span>}
                {entry.after && <span className="sr-only"> {t('audit.becomes')} </span>}
              </>
            )}
            {entry.after && (
              <span className="font-medium text-emerald-700 dark:text-emerald-400">
                {formatValue(field, after[field], entry.target.type)}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
