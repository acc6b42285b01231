import { Plus, Trash2 } from 'lucide-react';
import { BUTTON_TYPES, TEMPLATE_DEFAULT_BUTTONS, type TemplateButton } from '@blaster/contract';
import { t, tValue } from '../../../i18n';
import { Button, inputClass } from '../../../components/form';

const emptyButton = (): TemplateButton => ({ title: '', url: '', type: 'reply_button' });

/** The template's optional buttons: a checkbox turns them on with the default rows; rows are added and removed. */
export function TemplateButtonsField({
  buttons,
  onChange,
}: {
  buttons: TemplateButton[];
  onChange(buttons: TemplateButton[]): void;
}) {
  const setButton = (index: number, patch: Partial<TemplateButton>) =>
    onChange(buttons.map((button, i) => (i === index ? { ...button, ...patch } : button)));
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          checked={buttons.length > 0}
          onChange={(event) =>
            onChange(
              event.target.checked ? Array.from({ length: TEMPLATE_DEFAULT_BUTTONS }, emptyButton) : [],
            )
          }
          className="size-4 accent-brand-500"
        />
        {t('template.button')}
      </label>
      {buttons.map((button, index) => (
        <div
          key={index}
          className="grid grid-cols-1 gap-2 sm:grid-cols-[10rem_1fr_1fr_auto]"
          data-testid="button-row"
        >
          <select
            aria-label={`Jenis button ${index + 1}`}
            value={button.type}
            onChange={(event) => setButton(index, { type: event.target.value as TemplateButton['type'] })}
            className={inputClass()}
          >
            {BUTTON_TYPES.map((type) => (
              <option key={type} value={type}>
                {tValue('buttonType', type)}
              </option>
            ))}
          </select>
          <input
            aria-label={`Judul button ${index + 1}`}
            placeholder={t('template.buttonTitle')}
            value={button.title}
            onChange={(event) => setButton(index, { title: event.target.value })}
            className={inputClass()}
          />
          <input
            aria-label={`URL button ${index + 1}`}
            placeholder={t('template.buttonTarget')}
            value={button.url}
            onChange={(event) => setButton(index, { url: event.target.value })}
            className={inputClass()}
          />
          <button
            type="button"
            aria-label={`Hapus button ${index + 1}`}
            onClick={() => onChange(buttons.filter((_, i) => i !== index))}
            className="rounded-lg p-2 text-red-500 hover:bg-red-50 dark:hover:bg-red-500/10"
          >
            <Trash2 className="size-4" />
          </button>
        </div>
      ))}
      {buttons.length > 0 && (
        <Button type="button" variant="outline" onClick={() => onChange([...buttons, emptyButton()])}>
          <Plus className="size-4" aria-hidden="true" /> Tambah Button
        </Button>
      )}
    </div>
  );
}
