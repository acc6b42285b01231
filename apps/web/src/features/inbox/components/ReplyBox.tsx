import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { InboxThreadRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { Button, FieldError, Label, inputClass } from '../../../components/form';
import { errorText } from '../../../lib/api';
import { useInboxReply } from '../api';

/**
 * The answer box under a thread. The reply is a send like any other: the server's refusal (quiet
 * hours, a suppressed number, a spent cap) is shown under the box and the text is kept. An operator
 * in someone else's thread answers on the owner's behalf, which the box says.
 */
export function ReplyBox({ thread, userId }: { thread: InboxThreadRow; userId: number | null }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useInboxReply(thread.id);
  const onBehalf = userId !== thread.user_id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    send.mutate(
      { text, on_behalf_of_owner: onBehalf },
      {
        onSuccess: (answer) => {
          setText('');
          toast.success(answer.msg);
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2 border-t border-gray-100 p-4 dark:border-gray-800"
    >
      <Label htmlFor="inbox-reply">{t('inbox.replyLabel')}</Label>
      {onBehalf && <p className="text-xs text-muted">{t('inbox.onBehalf')}</p>}
      <textarea
        id="inbox-reply"
        rows={3}
        value={text}
        placeholder={t('inbox.replyPlaceholder')}
        aria-describedby={error ? 'inbox-reply-error' : undefined}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass(Boolean(error))} h-auto`}
      />
      <FieldError id="inbox-reply-error" message={error} />
      <Button type="submit" loading={send.isPending} disabled={send.isPending || text.trim() === ''}>
        {send.isPending ? t('inbox.sending') : t('inbox.send')}
      </Button>
    </form>
  );
}
