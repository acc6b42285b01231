import { t, tValue, useMessages } from '../../../i18n';
import { FieldError, Label, inputClass } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { useAccountsOf } from '../../whatsapp/api';
import { NEW_ACCOUNT, type LookupFieldChange } from '../use-lookup-form';

/** The signed-in member's accounts, plus the choice that connects a new one. */
export function LookupAccountSelect({
  value,
  error,
  change,
}: {
  value: string;
  error: string | undefined;
  change: LookupFieldChange;
}) {
  const MSG = useMessages();
  const { user } = useSession();
  const accounts = useAccountsOf(user?.id);
  return (
    <div>
      <Label htmlFor="lookup-account">{t('menu.whatsappAccounts')}</Label>
      <select
        id="lookup-account"
        value={value}
        onChange={change('whatsapp_id')}
        className={inputClass(Boolean(error))}
      >
        <option value="">{accounts.isPending ? MSG.loading : t('common.chooseAccount')}</option>
        {accounts.data?.list.map((account) => (
          <option key={account.id} value={account.id}>
            {account.phonenumber ?? account.clientid} ({tValue('state', account.state ?? 'unknown')})
          </option>
        ))}
        <option value={NEW_ACCOUNT}>{MSG.newAccount}</option>
      </select>
      <FieldError id="lookup-account-error" message={error} />
    </div>
  );
}
