import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bonusCreateSchema, type BonusCreate } from '@blaster/contract';
import { formatRupiah, useMessages } from '../../i18n';
import { showFieldErrors } from '../../components/form';
import { callEndpoint } from '../../lib/api';
import { confirmDialog, successDialog } from '../../lib/dialogs';
import { bonusKeys, useBonusMembers } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/** The bonus form, the member options, and the send that is confirmed first. */
export function useBonusCreate() {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const returnToList = useReturnToList(['/member']);
  const queryClient = useQueryClient();
  const members = useBonusMembers();
  const form = useForm<BonusCreate>({
    resolver: zodResolver(bonusCreateSchema),
    defaultValues: { userId: params.get('id') ?? '', nominal: '', reason: '' },
  });
  const { handleSubmit, setError, setValue, getValues } = form;
  // The preselected member can only be shown once the member options exist.
  const loadedMembers = members.data?.users;
  useEffect(() => {
    if (loadedMembers) setValue('userId', getValues('userId'));
  }, [loadedMembers, getValues, setValue]);
  const create = useMutation({
    mutationFn: (body: BonusCreate) =>
      callEndpoint('bonusCreate', { body }, { fallback: MSG.errorCreatingBonus }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bonusKeys.all });
      await successDialog(MSG.bonusCreated);
      returnToList(null);
    },
    onError: showFieldErrors(setError),
  });

  const onSubmit = handleSubmit(async (body) => {
    // Money leaves at once: the amount and the member are read back before it does.
    const member = members.data?.users.find((user) => user.id === Number(body.userId));
    const name = member ? `${member.firstname} ${member.lastname}` : `#${String(body.userId)}`;
    const amount = formatRupiah(Number(body.nominal));
    if (await confirmDialog(MSG.confirmSendBonus(amount, name), MSG.yesSendBonus)) create.mutate(body);
  });

  return { form, members, create, onSubmit };
}
