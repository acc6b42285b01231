import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ALL_RECEIVERS, REFRESH_DELAY_MS } from '@blaster/contract';
import { tValue, useMessages } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { useSenderAccounts } from '../whatsapp/api';

type SendBody = { senders: string; targets: string; message: string; on_behalf_of_owner: boolean };

/** The blaster's sender, message and receivers, their checks and the send. */
export function useBlaster() {
  const MSG = useMessages();
  // The sender and receiver lists appear after a second, as the panel's other lists load.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const senders = useSenderAccounts(ready);
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
    mutationFn: (body: SendBody) =>
      callEndpoint('whatsappSendMessage', { body }, { fallback: MSG.errorSendingMessage }),
    // The answer tells numbers skipped (suppressed, no consent) or held by a send limit.
    onSuccess: (answer) => showMessage({ tone: 'success', title: MSG.sentTitle, text: answer.msg }),
    onError: (error) =>
      showMessage({ tone: 'error', title: MSG.failedTitle, text: errorText(error, MSG.errorSendingMessage) }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!sender) problems.sender = MSG.textRequired;
    if (!message.trim()) problems.message = MSG.textRequired;
    if (targets.length === 0) problems.targets = MSG.textRequired;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (chosenSender?.state !== 'connected') {
      await showMessage({
        tone: 'error',
        title: MSG.failedTitle,
        text: MSG.senderNotConnected(
          chosenSender?.phonenumber ?? sender,
          tValue('state', chosenSender?.state ?? 'unknown'),
        ),
      });
      return;
    }
    // 'All' is expanded by the server to every active number.
    // The spec's payload names the sender by its number; the server also takes a device id.
    send.mutate({
      senders: chosenSender.phonenumber ?? sender,
      targets: targets.includes(ALL_RECEIVERS) ? ALL_RECEIVERS : targets.join(','),
      message,
      on_behalf_of_owner: othersAccount && onBehalf,
    });
  };

  return {
    ready,
    senders,
    sender,
    setSender,
    message,
    setMessage,
    targets,
    setTargets,
    errors,
    onBehalf,
    setOnBehalf,
    othersAccount,
    send,
    submit,
  };
}

export type Blaster = ReturnType<typeof useBlaster>;
