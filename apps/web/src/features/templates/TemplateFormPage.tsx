import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import {
  API,
  BUTTON_TYPES,
  MEDIA_EXTENSIONS,
  TEMPLATE_DEFAULT_BUTTONS,
  checkButtons,
  htmlToWa,
  type TemplateButton,
  type TemplateRow,
} from '@blaster/contract';
import { messageIn, t, tValue, useMessages } from '../../i18n';
import { Button, Label, inputClass } from '../../components/form';
import { FileField, acceptedFile } from '../../components/FileField';
import { RecordPage } from '../../components/RecordPage';
import { apiRequest, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { CaptionEditor } from './CaptionEditor';
import { TemplateImportCard } from './TemplateImportCard';
import { templateKeys, useRefreshTemplates } from './api';

const emptyButton = (): TemplateButton => ({ title: '', url: '', type: 'reply_button' });

/** /message/create and /message/edit?id=: media, rich-text caption, optional buttons, status. */
export function TemplateFormPage() {
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      <RecordPage
        title={{ create: t('route./message/create'), edit: t('route./message/edit') }}
        creates
        queryKey={templateKeys.detail()}
        path={API.message}
        pick={(answer: { message: TemplateRow }) => answer.message}
      >
        {(template) => <TemplateForm template={template} />}
      </RecordPage>
      {/* Creating can also mean bringing templates from a file (a separate .json upload). */}
      {!params.get('id') && <TemplateImportCard />}
    </div>
  );
}

function TemplateForm({ template }: { template: TemplateRow | null }) {
  const MSG = useMessages();
  const navigate = useNavigate();
  const refreshTemplates = useRefreshTemplates();
  const [text, setText] = useState(template?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [buttons, setButtons] = useState<TemplateButton[]>(template?.button ?? []);
  const [status, setStatus] = useState(template?.status ?? 'active');
  const save = useMutation({
    mutationFn: (form: FormData) =>
      apiRequest(template ? API.message(template.id) : API.messageCreate, {
        method: template ? 'PUT' : 'POST',
        body: form,
        fallback: template ? MSG.errorUpdatingTemplate : MSG.errorSavingTemplate,
      }),
    onSuccess: async () => {
      await refreshTemplates();
      void navigate(-1);
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (file) {
      const problem = acceptedFile(file, MEDIA_EXTENSIONS, MSG.mediaTypeRefused);
      setFileError(problem);
      if (problem) return;
    }
    const checked = checkButtons(buttons);
    if ('error' in checked) {
      await showMessage({ tone: 'error', title: MSG.failedTitle, text: messageIn(checked.error) });
      return;
    }
    const form = new FormData();
    // Fields first: the server reads them before the file.
    form.append('text', text);
    form.append('text_wa', htmlToWa(text));
    form.append('button', JSON.stringify(checked.buttons));
    form.append('status', status);
    if (file) form.append('file', file);
    save.mutate(form);
  };

  const setButton = (index: number, patch: Partial<TemplateButton>) =>
    setButtons((current) => current.map((button, i) => (i === index ? { ...button, ...patch } : button)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="max-w-3xl space-y-5">
      <FileField
        id="template-media"
        label={template?.media ? t('template.replaceMedia') : t('template.media')}
        accept={MEDIA_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        optional
        error={fileError}
        onChange={setFile}
      />
      <div>
        <Label htmlFor="template-caption" optional>
          {t('template.caption')}
        </Label>
        <CaptionEditor id="template-caption" value={text} onChange={setText} />
        <p className="mt-1.5 text-xs text-gray-500 dark:text-gray-400">
          {'{name}'} dan {'{phoneNumber}'} diganti untuk setiap target.
        </p>
      </div>
      {text && (
        <div>
          <p className="mb-1 text-xs font-medium text-gray-500">{t('template.preview')}</p>
          <pre
            data-testid="caption-preview"
            className="rounded-lg bg-gray-50 p-3 text-sm whitespace-pre-wrap dark:bg-white/5"
          >
            {htmlToWa(text)}
          </pre>
        </div>
      )}
      <div className="space-y-3">
        <label className="flex items-center gap-2 text-sm font-medium text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            checked={buttons.length > 0}
            onChange={(event) =>
              setButtons(
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
              onClick={() => setButtons((current) => current.filter((_, i) => i !== index))}
              className="rounded-lg p-2 text-red-500 hover:bg-red-50 dark:hover:bg-red-500/10"
            >
              <Trash2 className="size-4" />
            </button>
          </div>
        ))}
        {buttons.length > 0 && (
          <Button
            type="button"
            variant="outline"
            onClick={() => setButtons((current) => [...current, emptyButton()])}
          >
            <Plus className="size-4" aria-hidden="true" /> Tambah Button
          </Button>
        )}
      </div>
      {template && (
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            checked={status === 'active'}
            onChange={(event) => setStatus(event.target.checked ? 'active' : 'nonactive')}
            className="size-4 accent-brand-500"
          />
          {t('common.activeStatus')}
        </label>
      )}
      {save.error && <p className="text-sm text-red-500">{MSG.editError(errorText(save.error))}</p>}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
