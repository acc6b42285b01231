import { TEMPLATE_CATEGORIES, type TemplateCategory } from '@blaster/contract';
import { t } from '../../../i18n';
import { inputClass } from '../../../components/form';

export interface ReviewFields {
  category: TemplateCategory;
  draft: boolean;
}

/** The template's category, and whether it is kept as a draft rather than sent for review. */
export function TemplateReviewFields({
  value,
  onChange,
}: {
  value: ReviewFields;
  onChange: (value: ReviewFields) => void;
}) {
  return (
    <div className="space-y-3">
      <label className="block text-sm text-gray-700 dark:text-gray-300">
        <span className="mb-1.5 block font-medium">{t('template.category')}</span>
        <select
          name="category"
          className={inputClass()}
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value as TemplateCategory })}
        >
          {TEMPLATE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`template.category.${category}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          name="draft"
          checked={value.draft}
          onChange={(event) => onChange({ ...value, draft: event.target.checked })}
          className="size-4 accent-brand-500"
        />
        {t('template.saveAsDraft')}
      </label>
    </div>
  );
}
