import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { memberEditSchema, type MemberEdit, type User } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, TextField } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PageCard } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { useBlastFee, useMember, useRefreshMember, useSettings } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/** /member/edit?id=: a member's blast interval and blast fee override. */
export function MemberEditPage() {
  const MSG = useMessages();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const member = useMember(id);
  const fee = useBlastFee(id, Boolean(member.data));
  const settings = useSettings();

  let body;
  if (!Number.isInteger(id) || id <= 0 || member.isError) body = <p>{MSG.noUserFound}</p>;
  else if (!member.data || !fee.data || !settings.data) body = <p>{MSG.loading}</p>;
  else {
    const user = member.data.user;
    body = (
      <MemberEditForm
        user={user}
        defaults={{
          blast_interval_min: user.blast_interval_min ?? settings.data.setting.interval_min,
          blast_interval_max: user.blast_interval_max ?? settings.data.setting.interval_max,
          blast_fee: user.blast_fee ?? fee.data.blast_fee,
        }}
      />
    );
  }
  return (
    <>
      <Breadcrumb title={MSG.editMemberTitle} />
      <PageCard title={MSG.editMemberTitle}>{body}</PageCard>
    </>
  );
}

function MemberEditForm({ user, defaults }: { user: User; defaults: MemberEdit }) {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const refreshMember = useRefreshMember();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MemberEdit>({ resolver: zodResolver(memberEditSchema), defaultValues: defaults });
  const save = useMutation({
    mutationFn: (values: MemberEdit) =>
      callEndpoint(
        'userUpdate',
        { params: { id: user.id }, body: memberEditSchema.parse(values) },
        { fallback: MSG.networkError },
      ),
    onSuccess: async () => {
      await refreshMember(user.id);
      returnToList(t('members.saved'));
    },
  });
  const field = (name: keyof MemberEdit, label: string) => (
    <TextField
      id={`member-${name}`}
      label={label}
      error={errors[name]?.message}
      type="number"
      min={0}
      inputMode="numeric"
      {...register(name)}
    />
  );
  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="max-w-xl space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {user.firstname} {user.lastname} · {user.email}
      </p>
      {field('blast_interval_min', t('members.intervalMin'))}
      {field('blast_interval_max', t('members.intervalMax'))}
      <MoneyField control={control} name="blast_fee" id="member-blast_fee" label={t('levels.blastFee')} />
      {save.error && <p className="text-sm text-danger">{MSG.editError(errorText(save.error))}</p>}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
