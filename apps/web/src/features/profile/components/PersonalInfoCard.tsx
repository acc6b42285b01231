// The name labels are the sign-up form's texts, which load with the account screens.
import '../../../i18n/account-texts';
import { Pencil } from 'lucide-react';
import type { User } from '@blaster/contract';
import { t, tValue } from '../../../i18n';
import { Button } from '../../../components/form';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <p className="mb-1 text-xs text-muted">{label}</p>
      <p className="text-sm font-medium break-words text-gray-800 dark:text-white/90">{value || '-'}</p>
    </div>
  );
}

/** The member's personal and bank details, with the button that opens the editor. */
export function PersonalInfoCard({ user, onEdit }: { user: User; onEdit(): void }) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-5 lg:p-6 dark:border-gray-800 dark:bg-white/[0.03]">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex-1">
          <h3 className="mb-6 text-lg font-semibold text-gray-800 dark:text-white/90">
            {t('profile.personalInfo')}
          </h3>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:gap-7 2xl:gap-x-32">
            <Field label={t('auth.firstName')} value={user.firstname} />
            <Field label={t('auth.lastName')} value={user.lastname} />
            <Field label={t('profile.emailAddress')} value={user.email} />
            <Field label={t('profile.role')} value={tValue('role', user.role)} />
            <Field label={t('profile.accountName')} value={user.account_name} />
            <Field label={t('profile.bank')} value={user.account_bank} />
            <Field label={t('profile.accountNumber')} value={user.account_number} />
          </div>
        </div>
        <Button type="button" variant="outline" onClick={onEdit} className="lg:w-auto">
          <Pencil className="size-4" aria-hidden="true" /> {t('common.edit')}
        </Button>
      </div>
    </section>
  );
}
