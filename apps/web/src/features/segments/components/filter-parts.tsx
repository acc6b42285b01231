import { useState } from 'react';
import { X } from 'lucide-react';
import { SEGMENT_STAGES, splitTags, type SegmentFilterInput } from '@blaster/contract';
import { t } from '../../../i18n';
import { inputClass, Label } from '../../../components/form';

type Filter = SegmentFilterInput;
type Change = (filter: Filter) => void;

/** Tags the numbers must all carry, as removable chips; Enter or a comma adds what was typed. */
export function TagChips({ filter, onChange }: { filter: Filter; onChange: Change }) {
  const [typed, setTyped] = useState('');
  const tags = filter.tags ?? [];
  const add = () => {
    const next = splitTags([...tags, ...splitTags(typed)]);
    setTyped('');
    onChange({ ...filter, tags: next });
  };
  const remove = (tag: string) => onChange({ ...filter, tags: tags.filter((each) => each !== tag) });
  return (
    <div>
      <Label htmlFor="segment-tags" optional>
        {t('segments.tags')}
      </Label>
      <ul className="mb-2 flex flex-wrap gap-1.5">
        {tags.map((tag) => (
          <li
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs text-brand-700 dark:bg-brand-500/15 dark:text-brand-300"
          >
            {tag}
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/10"
              aria-label={t('segments.removeTag', { tag })}
              onClick={() => remove(tag)}
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <input
        id="segment-tags"
        className={inputClass()}
        value={typed}
        aria-describedby="segment-tags-hint"
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => typed.trim() && add()}
        onKeyDown={(event) => {
          if ((event.key === 'Enter' || event.key === ',') && typed.trim()) {
            event.preventDefault();
            add();
          }
        }}
      />
      <p id="segment-tags-hint" className="mt-1.5 text-xs text-muted">
        {t('segments.tagHint')}
      </p>
    </div>
  );
}

/** Field = value rows, the key chosen from the fields numbers carry. */
export function FieldRows({ filter, keys, onChange }: { filter: Filter; keys: string[]; onChange: Change }) {
  const rows = filter.fields ?? [];
  const set = (next: { key: string; value: string }[]) => onChange({ ...filter, fields: next });
  const unused = keys.filter((key) => !rows.some((row) => row.key === key));
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-gray-700 dark:text-gray-400">
        {t('segments.fields')}
      </legend>
      {keys.length === 0 && <p className="text-xs text-muted">{t('segments.noFields')}</p>}
      <div className="space-y-2">
        {rows.map((row, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
            <select
              aria-label={t('segments.fieldKey')}
              className={inputClass()}
              value={row.key}
              onChange={(event) =>
                set(rows.map((each, j) => (j === i ? { ...each, key: event.target.value } : each)))
              }
            >
              {[row.key, ...unused].map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
            <input
              aria-label={t('segments.fieldValue')}
              className={inputClass()}
              value={row.value}
              onChange={(event) =>
                set(rows.map((each, j) => (j === i ? { ...each, value: event.target.value } : each)))
              }
            />
            <button
              type="button"
              className="rounded-lg p-2 text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/5"
              aria-label={t('segments.removeField', { field: row.key })}
              onClick={() => set(rows.filter((_, j) => j !== i))}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
      {unused.length > 0 && (
        <button
          type="button"
          className="mt-2 text-sm font-medium text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
          onClick={() => set([...rows, { key: unused[0]!, value: '' }])}
        >
          {t('segments.addField')}
        </button>
      )}
    </fieldset>
  );
}

/** Consent source, the last message's stage and replies: each left at "any" adds no condition. */
export function ChoiceFields({ filter, onChange }: { filter: Filter; onChange: Change }) {
  const without = <K extends keyof Filter>(key: K): Filter => {
    const { [key]: _dropped, ...rest } = filter;
    return rest;
  };
  const replied = filter.replied === undefined ? '' : filter.replied ? 'yes' : 'no';
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div>
        <Label htmlFor="segment-consent" optional>
          {t('segments.consentSource')}
        </Label>
        <input
          id="segment-consent"
          className={inputClass()}
          value={filter.consent_source ?? ''}
          onChange={(event) =>
            onChange(
              event.target.value
                ? { ...filter, consent_source: event.target.value }
                : without('consent_source'),
            )
          }
        />
      </div>
      <div>
        <Label htmlFor="segment-stage" optional>
          {t('segments.lastStage')}
        </Label>
        <select
          id="segment-stage"
          className={inputClass()}
          value={filter.last_stage ?? ''}
          onChange={(event) => {
            const stage = SEGMENT_STAGES.find((each) => each === event.target.value);
            onChange(stage ? { ...filter, last_stage: stage } : without('last_stage'));
          }}
        >
          <option value="">{t('segments.any')}</option>
          {SEGMENT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(`segments.stage.${stage}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="segment-replied" optional>
          {t('segments.replied')}
        </Label>
        <select
          id="segment-replied"
          className={inputClass()}
          value={replied}
          onChange={(event) =>
            onChange(
              event.target.value ? { ...filter, replied: event.target.value === 'yes' } : without('replied'),
            )
          }
        >
          <option value="">{t('segments.any')}</option>
          <option value="yes">{t('segments.repliedYes')}</option>
          <option value="no">{t('segments.repliedNo')}</option>
        </select>
      </div>
    </div>
  );
}
