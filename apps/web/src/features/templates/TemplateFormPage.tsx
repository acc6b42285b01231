import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  MEDIA_EXTENSIONS,
  checkButtons,
  htmlToWa,
  unknownVariables,
  type TemplateButton,
  type TemplateRow,
} from '@blaster/contract';
import { messageIn, t, useMessages } from '../../i18n';
import { Button } from '../../components/form';
import { FileField, acceptedFile } from '../../components/FileField';
import { RecordPage } from '../../components/RecordPage';
import { callEndpoint, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { TemplateReviewFields, type ReviewFields } from './components/TemplateReviewFields';
import { CaptionField } from './components/CaptionField';
import { MessagePreview } from './components/MessagePreview';
import { useFieldKeys } from '../phonenumbers/api';
import { TemplateButtonsField } from './components/TemplateButtonsField';
import { TemplateImportCard } from './TemplateImportCard';
import { templateKeys, useRefreshTemplates } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/** /message/create and /message/edit?id=: media, rich-text caption, optional buttons, status. */
export function TemplateFormPage() {
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      <RecordPage
        title={{ create: t('route./message/create'), edit: t('route./message/edit') }}
        creates
        queryKey={templateKeys.detail()}
        path="messageGet"
        pick={(answer: { message: TemplateRow }) => answer.message}
      >
        {(template) => <TemplateForm template={template} />}
      </RecordPage>
      {/* Creating can also mean bringing templates from a file (a separate .json upload). */}
      {!params.get('id') && <TemplateImportCard />}
    </div>
  );
}

/** The field keys numbers carry, and the caption's variables that name none and have no default. */
function useVariableCheck(text: string) {
  const MSG = useMessages();
  const fieldKeys = useFieldKeys().data?.fields;
  // Checked as the server checks it, once the keys are known (the server has the last word).
  const unknown = fieldKeys ? unknownVariables(htmlToWa(text), new Set(fieldKeys)) : [];
  const variableError = unknown.length ? MSG.templateVariableUnknown(unknown.join(', ')) : undefined;
  return { fieldKeys, variableError };
}

/** Saves the form as a new template or over `template`, then goes back to the list. */
function useSaveTemplate(template: TemplateRow | null) {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const refreshTemplates = useRefreshTemplates();
  return useMutation({
    mutationFn: (form: FormData) =>
      template
        ? callEndpoint(
            'messageUpdate',
            { params: { id: template.id }, body: form },
            { fallback: MSG.errorUpdatingTemplate },
          )
        : callEndpoint('messageCreate', { body: form }, { fallback: MSG.errorSavingTemplate }),
    onSuccess: async () => {
      await refreshTemplates();
      returnToList();
    },
  });
}

function TemplateForm({ template }: { template: TemplateRow | null }) {
  const MSG = useMessages();
  const [text, setText] = useState(template?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [buttons, setButtons] = useState<TemplateButton[]>(template?.button ?? []);
  const [status, setStatus] = useState(template?.status ?? 'active');
  const { fieldKeys, variableError } = useVariableCheck(text);
  const [review, setReview] = useState<ReviewFields>({
    category: template?.category ?? 'marketing',
    draft: false,
  });
  const save = useSaveTemplate(template);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (file) {
      const problem = acceptedFile(file, MEDIA_EXTENSIONS, MSG.mediaTypeRefused);
      setFileError(problem);
      if (problem) return;
    }
    if (variableError) return;
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
    form.append('category', review.category);
    form.append('draft', String(review.draft));
    if (file) form.append('file', file);
    save.mutate(form);
  };

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
      <CaptionField value={text} onChange={setText} fields={fieldKeys ?? []} error={variableError} />
      <TemplateButtonsField buttons={buttons} onChange={setButtons} />
      <MessagePreview html={text} media={{ file, url: template?.media }} buttons={buttons} />
      <TemplateReviewFields value={review} onChange={setReview} />
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
      {save.error && <p className="text-sm text-danger">{MSG.editError(errorText(save.error))}</p>}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
