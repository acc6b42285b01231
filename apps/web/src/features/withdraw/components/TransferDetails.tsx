import type { WithdrawRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { UserText } from '../../../components/UserText';

/** The member's bank account a request is paid to. */
export function TransferDetails({ member }: { member: WithdrawRow['User'] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
      <dt className="text-muted">{t('profile.bank')}</dt>
      <dd>
        <UserText text={member.account_bank} />
      </dd>
      <dt className="text-muted">{t('withdraw.accountNumber')}</dt>
      <dd>
        <UserText text={member.account_number} />
      </dd>
      <dt className="text-muted">{t('withdraw.accountName')}</dt>
      <dd>
        <UserText text={member.account_name} />
      </dd>
    </dl>
  );
}
