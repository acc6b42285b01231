import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { splitTags } from '@blaster/contract';
import { t } from '../../i18n';
import { FieldError, Label, inputClass } from '../../components/form';
import { useFieldKeys } from './api';

/**
 * The errors of the tags and fields as one text each: a refused key or value of one field is named
 * under that field's key, the limits under the list itself.
 */
export function labelErrors(errors: { tags?: unknown; fields?: unknown }) {
  const first = (error: unknown, depth = 0): string | undefined => {
    if (!error || typeof error !== 'object' || depth > 2) return undefined;
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    // `ref` is the input element of the error, not a nested error.
    for (const [key, nested] of Object.entries(error))
      if (key !== 'ref') {
        const found = first(nested, depth + 1);
        if (found) return found;
      }
    return undefined;
  };
  return { tags: first(errors.tags), fields: first(errors.fields) };
}

interface FieldRow {
  key: string;
  value: string;
}

const rowsOf = (fields: Record<string, string> | undefined): FieldRow[] =>
  Object.entries(fields ?? {}).map(([key, value]) => ({ key, value }));

/** The rows as the API takes them: a row without a key is not sent (its value has nowhere to go). */
const fieldsOf = (rows: FieldRow[]) =>
  Object.fromEntries(rows.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]));

/**
 * A number's tags (typed apart by commas, `|` or `;`) and custom fields (key and value rows, the keys
 * numbers already carry offered as suggestions). Both go to the form as the API takes them.
 */
export function LabelFields({
  idPrefix,
  tags,
  fields,
  onTags,
  onFields,
  errors,
}: {
  idPrefix: string;
  tags: string[] | undefined;
  fields: Record<string, string> | undefined;
  onTags(tags: string[]): void;
  onFields(fields: Record<string, string>): void;
  errors: { tags?: string; fields?: string };
}) {
  const [typedTags, setTypedTags] = useState((tags ?? []).join(', '));
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium text-gray-700 dark:text-gray-300">
        {t('phone.labels')}
      </legend>
      <div>
        <Label htmlFor={`${idPrefix}-tags`} optional>
          {t('phone.tags')}
        </Label>
        <input
          id={`${idPrefix}-tags`}
          value={typedTags}
          placeholder={t('phone.tagsPlaceholder')}
          onChange={(event) => {
            setTypedTags(event.target.value);
            onTags(splitTags(event.target.value));
          }}
          className={inputClass(Boolean(errors.tags))}
        />
        <FieldError id={`${idPrefix}-tags-error`} message={errors.tags} />
      </div>
      <FieldRows idPrefix={idPrefix} fields={fields} onFields={onFields} error={errors.fields} />
    </fieldset>
  );
}

/** The field rows: a key (the keys numbers carry offered as suggestions) and a value each. */
function FieldRows({
  idPrefix,
  fields,
  onFields,
  error,
}: {
  idPrefix: string;
  fields: Record<string, string> | undefined;
  onFields(fields: Record<string, string>): void;
  error?: string;
}) {
  const [rows, setRows] = useState<FieldRow[]>(() => rowsOf(fields));
  const known = useFieldKeys().data?.fields ?? [];
  const change = (next: FieldRow[]) => {
    setRows(next);
    onFields(fieldsOf(next));
  };
  const listId = `${idPrefix}-field-keys`;
  const edit = (index: number, patch: Partial<FieldRow>) =>
    change(rows.map((other, i) => (i === index ? { ...other, ...patch } : other)));
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-gray-700 dark:text-gray-400">{t('phone.fields')}</p>
      <datalist id={listId}>
        {known.map((key) => (
          <option key={key} value={key} />
        ))}
      </datalist>
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2" data-testid="field-row">
          <input
            aria-label={t('phone.fieldKey')}
            placeholder={t('phone.fieldKey')}
            list={listId}
            value={row.key}
            onChange={(event) => edit(index, { key: event.target.value })}
            className={inputClass()}
          />
          <input
            aria-label={t('phone.fieldValue')}
            placeholder={t('phone.fieldValue')}
            value={row.value}
            onChange={(event) => edit(index, { value: event.target.value })}
            className={inputClass()}
          />
          <button
            type="button"
            aria-label={t('phone.removeField')}
            onClick={() => change(rows.filter((_, i) => i !== index))}
            className="rounded-md p-2 text-gray-500 hover:bg-gray-100 dark:hover:bg-white/5"
          >
            <X className="size-4" />
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => change([...rows, { key: '', value: '' }])}
        className="inline-flex items-center gap-1 text-sm text-brand-600 hover:underline dark:text-brand-400"
      >
        <Plus className="size-4" />
        {t('phone.addField')}
      </button>
      <FieldError id={`${idPrefix}-fields-error`} message={error} />
    </div>
  );
}
