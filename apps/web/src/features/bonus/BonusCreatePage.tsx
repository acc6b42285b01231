import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass, TextField } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PageCard } from '../../components/data-table';
import type { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api';
import { useBonusCreate } from './use-bonus-create';

/** /bonus/create?id=: pick a member (preselected by id), nominal and reason; success dialog, then back. */
export function BonusCreatePage() {
  const MSG = useMessages();
  const { form, members, create, onSubmit } = useBonusCreate();
  const {
    control,
    register,
    formState: { errors },
  } = form;

  return (
    <>
      <Breadcrumb title={MSG.sendBonus} />
      <PageCard title={MSG.sendBonus}>
        <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-5">
          <div>
            <Label htmlFor="bonus-member">{t('common.member')}</Label>
            <select
              id="bonus-member"
              className={inputClass(Boolean(errors.userId))}
              disabled={members.isPending}
              {...register('userId')}
            >
              <option value="">{members.isPending ? MSG.loading : t('common.chooseMember')}</option>
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
            <p className="text-sm text-danger">{MSG.editError(errorText(create.error))}</p>
          )}
          <Button type="submit" loading={create.isPending} disabled={create.isPending}>
            {create.isPending ? MSG.sendingUpdate : MSG.sendBonus}
          </Button>
        </form>
      </PageCard>
    </>
  );
}
