import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileForm } from '@blaster/contract';
import { t, useMessages } from '../../../i18n';
import { Label, TextInput, inputClass, TextField } from '../../../components/form';

/** The bank account the member is paid to; the bank is chosen among the settings' banks. */
export function BankAccountFields({
  register,
  errors,
  banks,
  banksLoading,
}: {
  register: UseFormRegister<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
  banks: string[];
  banksLoading: boolean;
}) {
  const MSG = useMessages();
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-300">
        {t('profile.bankNeededForWithdraw')}
      </p>
      <div className="sm:col-span-2">
        <Label htmlFor="profile-account-name" optional>
          {t('profile.accountName')}
        </Label>
        <TextInput id="profile-account-name" {...register('account_name')} />
      </div>
      <div>
        <Label htmlFor="profile-account-bank" optional>
          {t('profile.bank')}
        </Label>
        {banks.length > 0 ? (
          <select id="profile-account-bank" className={inputClass()} {...register('account_bank')}>
            {banks.map((bank) => (
              <option key={bank} value={bank}>
                {bank}
              </option>
            ))}
          </select>
        ) : (
          <p className="flex h-11 items-center text-sm text-muted">
            {banksLoading ? MSG.loading : MSG.noBanks}
          </p>
        )}
      </div>
      <TextField
        id="profile-account-number"
        label={t('profile.accountNumber')}
        optional
        error={errors.account_number?.message}
        inputMode="numeric"
        {...register('account_number')}
      />
    </div>
  );
}
