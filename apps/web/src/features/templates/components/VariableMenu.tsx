import { useState } from 'react';
import { Braces } from 'lucide-react';
import { BUILTIN_VARIABLES } from '@blaster/contract';
import { t } from '../../../i18n';

/** The text a variable is written as in a caption. */
export const variableText = (key: string) => `{{${key}}}`;

/**
 * The editor's "insert variable" menu: the recipient's name and number, then every field key numbers
 * carry. Choosing one hands its text to `onInsert` (the editor puts it at the cursor).
 */
export function VariableMenu({ fields, onInsert }: { fields: string[]; onInsert(text: string): void }) {
  const [open, setOpen] = useState(false);
  const builtinLabel: Record<(typeof BUILTIN_VARIABLES)[number], string> = {
    name: t('template.variableName'),
    number: t('template.variableNumber'),
  };
  const choose = (key: string) => {
    onInsert(variableText(key));
    setOpen(false);
  };
  const item = (key: string, label?: string) => (
    <li key={key} role="none">
      <button
        type="button"
        role="menuitem"
        data-variable={key}
        onClick={() => choose(key)}
        className="flex w-full items-center justify-between gap-3 px-3 py-1.5 text-left text-sm hover:bg-gray-100 dark:hover:bg-white/5"
      >
        <code>{variableText(key)}</code>
        {label && <span className="text-xs text-muted">{label}</span>}
      </button>
    </li>
  );
  return (
    <div className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded-md p-1.5 text-sm text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/5"
      >
        <Braces className="size-4" />
        {t('template.insertVariable')}
      </button>
      {open && (
        <ul
          role="menu"
          aria-label={t('template.insertVariable')}
          className="absolute z-20 mt-1 max-h-64 min-w-56 overflow-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          {BUILTIN_VARIABLES.map((key) => item(key, builtinLabel[key]))}
          {fields.map((key) => item(key))}
          {fields.length === 0 && (
            <li role="none" className="px-3 py-1.5 text-xs text-muted">
              {t('template.noFields')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
