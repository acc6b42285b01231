import { htmlToWa } from '@blaster/contract';
import { t } from '../../../i18n';
import { FieldError, Label } from '../../../components/form';
import { CaptionEditor } from '../CaptionEditor';

/**
 * The caption editor and, once there is text, the caption as the chat will show it; `error` names
 * the variables that have neither a field nor a default.
 */
export function CaptionField({
  value,
  onChange,
  fields,
  error,
}: {
  value: string;
  onChange(value: string): void;
  fields: string[];
  error?: string;
}) {
  return (
    <>
      <div>
        <Label htmlFor="template-caption" optional>
          {t('template.caption')}
        </Label>
        <CaptionEditor id="template-caption" value={value} onChange={onChange} fields={fields} />
        <FieldError id="template-caption-error" message={error} />
        <p className="mt-1.5 text-xs text-muted">{t('templates.captionHint')}</p>
        <p className="mt-0.5 text-xs text-muted">{t('template.variablesHint')}</p>
      </div>
      {value && (
        <div>
          <p className="mb-1 text-xs font-medium text-muted">{t('template.preview')}</p>
          <pre
            data-testid="caption-preview"
            className="rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-wrap dark:bg-white/5"
          >
            {htmlToWa(value)}
          </pre>
        </div>
      )}
    </>
  );
}
