import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ALL_RECEIVERS, PHONE_LIST_LIMIT, REFRESH_DELAY_MS } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass } from '../../components/form';
import { PageCard, useDebounced } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { useSenderAccounts } from '../whatsapp/api';
import { useReceiverPick } from '../phonenumbers/api';

const ALL = ALL_RECEIVERS;

/** /blaster: send one message from a connected account to chosen numbers (or all active ones). */
export function BlasterPage() {
  const MSG = useMessages();
  // The sender and receiver lists appear after a second, as the panel's other lists load.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const senders = useSenderAccounts(ready);
  // Receivers are searched on the server: the list holds far too many numbers to send them all here.
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const receivers = useReceiverPick(search, ready);
  const found = receivers.data?.list ?? [];
  const [sender, setSender] = useState('');
  const [message, setMessage] = useState('');
  const [targets, setTargets] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An operator sends from another user's account only by saying so (recorded in the audit trail).
  const { user } = useSession();
  const [onBehalf, setOnBehalf] = useState(false);
  const chosenSender = senders.data?.list.find((row) => row.clientid === sender);
  const othersAccount = Boolean(chosenSender && user && chosenSender.user_id !== user.id);

  const send = useMutation({
    mutationFn: (body: { senders: string; targets: string; message: string; on_behalf_of_owner: boolean }) =>
      callEndpoint('whatsappSendMessage', { body }, { fallback: MSG.errorSendingMessage }),
    // The answer tells numbers skipped (suppressed, no consent) or held by a send limit.
    onSuccess: (answer) => showMessage({ tone: 'success', title: MSG.sentTitle, text: answer.msg }),
    onError: (error) =>
      showMessage({ tone: 'error', title: MSG.failedTitle, text: errorText(error, MSG.errorSendingMessage) }),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!sender) problems.sender = MSG.textRequired;
    if (!message.trim()) problems.message = MSG.textRequired;
    if (targets.length === 0) problems.targets = MSG.textRequired;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const account = senders.data?.list.find((row) => row.clientid === sender);
    if (account?.state !== 'connected') {
      await showMessage({
        tone: 'error',
        title: MSG.failedTitle,
        text: MSG.senderNotConnected(
          account?.phonenumber ?? sender,
          String(account?.state ?? 'unknown').toUpperCase(),
        ),
      });
      return;
    }
    // 'All' is expanded by the server to every active number.
    send.mutate({
      senders: sender,
      targets: targets.includes(ALL) ? ALL : targets.join(','),
      message,
      on_behalf_of_owner: othersAccount && onBehalf,
    });
  };

  return (
    <>
      <Breadcrumb title={t('route./blaster')} />
      <PageCard title={t('route./blaster')}>
        <form onSubmit={(event) => void submit(event)} noValidate className="max-w-2xl space-y-5">
          <div>
            <Label htmlFor="blaster-sender">{t('blaster.chooseSender')}</Label>
            <select
              id="blaster-sender"
              value={sender}
              onChange={(event) => setSender(event.target.value)}
              className={inputClass(Boolean(errors.sender))}
            >
              <option value="">{senders.data ? t('blaster.chooseSenderOption') : MSG.loading}</option>
              {senders.data?.list.map((row) => (
                <option key={row.clientid} value={row.clientid}>
                  {row.phonenumber ?? row.clientid} ({row.state ?? 'unknown'})
                </option>
              ))}
            </select>
            <FieldError id="blaster-sender-error" message={errors.sender} />
            {othersAccount && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={onBehalf}
                  onChange={(event) => setOnBehalf(event.target.checked)}
                />
                {MSG.sendOnBehalfLabel}
              </label>
            )}
          </div>
          <div>
            <Label htmlFor="blaster-message">{t('blaster.message')}</Label>
            <textarea
              id="blaster-message"
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={`${inputClass(Boolean(errors.message))} h-auto`}
            />
            <FieldError id="blaster-message-error" message={errors.message} />
          </div>
          <div>
            <Label htmlFor="blaster-receivers">{t('blaster.chooseReceivers')}</Label>
            <input
              type="search"
              aria-label={MSG.searchReceivers}
              placeholder={MSG.searchReceivers}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className={`${inputClass()} mb-2`}
            />
            <select
              id="blaster-receivers"
              multiple
              value={targets}
              onChange={(event) =>
                setTargets([...event.target.selectedOptions].map((option) => option.value))
              }
              className={`${inputClass(Boolean(errors.targets))} h-48`}
            >
              <option value={ALL}>{ALL}</option>
              {/* Chosen numbers outside the current search stay listed, and chosen. */}
              {targets
                .filter((target) => target !== ALL && !found.some((row) => row.number === target))
                .map((target) => (
                  <option key={`chosen-${target}`} value={target}>
                    {target}
                  </option>
                ))}
              {found.map((row) => (
                <option key={row.id} value={row.number}>
                  {row.number} · {row.name}
                </option>
              ))}
            </select>
            {found.length >= PHONE_LIST_LIMIT && (
              <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                {MSG.receiversShown(found.length)}
              </p>
            )}
            <FieldError id="blaster-receivers-error" message={errors.targets} />
          </div>
          <Button type="submit" loading={send.isPending} disabled={send.isPending}>
            {send.isPending ? t('blaster.sending') : t('common.send')}
          </Button>
        </form>
      </PageCard>
    </>
  );
}
