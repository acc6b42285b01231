import { Link } from 'react-router';
import type { User } from '@blaster/contract';
import { t } from '../../../i18n';
import { UserText } from '../../../components/UserText';

const PROFILE_EDIT = '/profile?edit=1';

/**
 * Where the money goes, shown before the request: the member's bank account with a link to change it,
 * or, without one, what is missing and where to add it.
 */
export function PaidToAccount({ user }: { user: User }) {
  const complete = Boolean(user.account_bank && user.account_number && user.account_name);
  if (!complete)
    return (
      <div
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <p>{t('withdraw.bankMissing')}</p>
        <Link to={PROFILE_EDIT} className="mt-1 inline-block font-medium underline">
          {t('withdraw.addBank')}
        </Link>
      </div>
    );
  return (
    <div className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-800">
      <p className="text-gray-600 dark:text-gray-300">{t('withdraw.paidTo')}</p>
      <p className="font-medium text-gray-800 dark:text-white/90">
        <UserText text={user.account_bank!} /> · <span className="tabular-nums">{user.account_number}</span>
      </p>
      <p className="text-gray-700 dark:text-gray-300">
        <UserText text={user.account_name!} />
      </p>
      <Link to={PROFILE_EDIT} className="mt-1 inline-block text-brand-600 underline dark:text-brand-300">
        {t('withdraw.changeBank')}
      </Link>
    </div>
  );
}
