import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bonusCreateSchema, type BonusCreate } from '@blaster/contract';
import { formatRupiah, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass, showFieldErrors, TextField } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PageCard } from '../../components/data-table';
import type { ApiError } from '../../lib/api';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog, successDialog } from '../../lib/dialogs';
import { bonusKeys, useBonusMembers } from './api';

/** /bonus/create?id=: pick a member (preselected by id), nominal and reason; success dialog, then back. */
export function BonusCreatePage() {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const members = useBonusMembers();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<BonusCreate>({
    resolver: zodResolver(bonusCreateSchema),
    defaultValues: { userId: params.get('id') ?? '', nominal: '', reason: '' },
  });
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
      void navigate(-1);
    },
    onError: showFieldErrors(setError),
  });

  return (
    <>
      <Breadcrumb title={MSG.sendBonus} />
      <PageCard title={MSG.sendBonus}>
        <form
          onSubmit={handleSubmit(async (body) => {
            // Money leaves at once: the amount and the member are read back before it does.
            const member = members.data?.users.find((user) => user.id === Number(body.userId));
            const name = member ? `${member.firstname} ${member.lastname}` : `#${String(body.userId)}`;
            const amount = formatRupiah(Number(body.nominal));
            if (await confirmDialog(MSG.confirmSendBonus(amount, name), MSG.yesSendBonus))
              create.mutate(body);
          })}
          noValidate
          className="max-w-xl space-y-5"
        >
          <div>
            <Label htmlFor="bonus-member">{t('common.member')}</Label>
            <select
              id="bonus-member"
              className={inputClass(Boolean(errors.userId))}
              disabled={members.isPending}
              {...register('userId')}
            >
              <option value="">{members.isPending ? MSG.loading : '-- Pilih Member --'}</option>
              {members.data?.users.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.firstname} {member.lastname} ({member.email})
                </option>
              ))}
            </select>
            <FieldError id="bonus-member-error" message={errors.userId?.message} />
          </div>
          <MoneyField control={control} name="nominal" id="bonus-nominal" label={t('common.nominal')} />
          <TextField
            id="bonus-reason"
            label={MSG.bonusReason}
            error={errors.reason?.message}
            {...register('reason')}
          />
          {create.error && Object.keys((create.error as ApiError).errors ?? {}).length === 0 && (
            <p className="text-sm text-red-500">{MSG.editError(errorText(create.error))}</p>
          )}
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            {create.isPending ? MSG.sendingUpdate : MSG.sendBonus}
          </Button>
        </form>
      </PageCard>
    </>
  );
}
