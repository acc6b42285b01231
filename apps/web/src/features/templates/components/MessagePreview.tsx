import { useEffect, useMemo, useState } from 'react';
import { ExternalLink, FileText, Reply } from 'lucide-react';
import {
  htmlToWa,
  isImageUrl,
  renderVariables,
  type PhoneNumberWithConsentRow,
  type Recipient,
  type TemplateButton,
} from '@blaster/contract';
import { t, useMessages } from '../../../i18n';
import { inputClass } from '../../../components/form';
import { useDebounced } from '../../../components/data-table';
import { useReceiverPick } from '../../phonenumbers/api';
import { chatMarkup } from './chat-markup';

/** Who the preview shows the message to before a number is chosen: no fields, so defaults show. */
export const SAMPLE_RECIPIENT: Recipient = { name: 'Budi', number: '6281234567890', fields: {} };

/** The template's media as the form holds it: a file just chosen, or the one already saved. */
export interface PreviewMedia {
  file: File | null;
  url: string | null | undefined;
}

/** An object URL for a chosen image file, revoked when it changes. */
function useFileUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** The message as it arrives in a chat: media on top, the text, then the buttons under the bubble. */
export function ChatBubble({
  text,
  media,
  buttons,
}: {
  text: string;
  media: PreviewMedia;
  buttons: TemplateButton[];
}) {
  const fileUrl = useFileUrl(media.file);
  const imageUrl = fileUrl ?? (!media.file && isImageUrl(media.url) ? media.url : null);
  const fileName = media.file?.name ?? (media.url && !imageUrl ? media.url.split('/').pop() : null);
  const shown = buttons.filter((button) => button.title.trim());
  return (
    // The message as the recipient will read it: the template's own words, in whatever language its
    // author wrote, never the panel's and never for the browser to translate.
    <div
      className="max-w-sm rounded-xl bg-[#efeae2] p-3 dark:bg-gray-800"
      data-testid="chat-preview"
      translate="no"
    >
      <div className="rounded-lg rounded-tl-none bg-white p-1.5 text-sm text-gray-900 shadow-xs dark:bg-gray-700 dark:text-white">
        {imageUrl && <img src={imageUrl} alt="" className="mb-1 max-h-60 w-full rounded-md object-cover" />}
        {fileName && (
          <p className="mb-1 flex items-center gap-2 rounded-md bg-gray-100 p-2 text-xs dark:bg-gray-600">
            <FileText className="size-4 shrink-0" />
            <span className="truncate">{fileName}</span>
          </p>
        )}
        {text && (
          <p className="px-1.5 py-1 break-words whitespace-pre-wrap" data-testid="chat-preview-text">
            {chatMarkup(text)}
          </p>
        )}
      </div>
      {shown.map((button, index) => (
        <p
          key={index}
          data-testid="chat-preview-button"
          className="mt-1 flex items-center justify-center gap-1.5 rounded-lg bg-white p-2 text-sm text-sky-600 shadow-xs dark:bg-gray-700"
        >
          {button.type === 'url_button' ? <ExternalLink className="size-4" /> : <Reply className="size-4" />}
          {button.title}
        </p>
      ))}
    </div>
  );
}

/**
 * The template as one recipient will read it: a number searched and chosen (its name, number and
 * fields fill the variables) or a sample recipient without fields, rendered by the engine's renderer.
 */
export function MessagePreview({
  html,
  media,
  buttons,
}: {
  html: string;
  media: PreviewMedia;
  buttons: TemplateButton[];
}) {
  const MSG = useMessages();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const found = useReceiverPick(search, true).data?.list ?? [];
  const [chosen, setChosen] = useState<PhoneNumberWithConsentRow | null>(null);
  const recipient: Recipient = chosen ?? SAMPLE_RECIPIENT;
  const text = useMemo(() => renderVariables(htmlToWa(html), recipient), [html, recipient]);
  return (
    <section className="space-y-2" aria-label={t('template.previewTitle')}>
      <p className="text-xs font-medium text-muted">{t('template.previewTitle')}</p>
      <div className="flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={MSG.searchReceivers}
          placeholder={MSG.searchReceivers}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className={`${inputClass()} max-w-56`}
        />
        <select
          aria-label={t('template.previewFor')}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => setChosen(found.find((row) => String(row.id) === event.target.value) ?? null)}
          className={`${inputClass()} max-w-72`}
        >
          <option value="">{t('template.previewSample')}</option>
          {chosen && !found.some((row) => row.id === chosen.id) && (
            <option value={String(chosen.id)}>
              {chosen.number} · {chosen.name}
            </option>
          )}
          {found.map((row) => (
            <option key={row.id} value={String(row.id)}>
              {row.number} · {row.name}
            </option>
          ))}
        </select>
      </div>
      <ChatBubble text={text} media={media} buttons={buttons} />
    </section>
  );
}
