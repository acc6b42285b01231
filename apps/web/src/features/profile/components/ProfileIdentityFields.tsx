// The name labels are the sign-up form's texts, which load with the account screens.
import '../../../i18n/account-texts';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileForm } from '@blaster/contract';
import { t } from '../../../i18n';
import { TextField } from '../../../components/form';

/** Name, e-mail and password; the current password shows only when a change needs it. */
export function ProfileIdentityFields({
  register,
  errors,
  askCurrentPassword,
}: {
  register: UseFormRegister<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
  askCurrentPassword: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <TextField
        id="profile-firstname"
        label={t('auth.firstName')}
        error={errors.firstname?.message}
        {...register('firstname')}
      />
      <TextField
        id="profile-lastname"
        label={t('auth.lastName')}
        error={errors.lastname?.message}
        {...register('lastname')}
      />
      <TextField
        id="profile-email"
        label={t('common.email')}
        error={errors.email?.message}
        fieldClassName="sm:col-span-2"
        type="email"
        {...register('email')}
      />
      <TextField
        id="profile-password"
        label={t('profile.newPassword')}
        optional
        password
        fieldClassName="sm:col-span-2"
        autoComplete="new-password"
        placeholder={t('profile.newPasswordPlaceholder')}
        error={errors.password?.message}
        {...register('password')}
      />
      {askCurrentPassword && (
        <TextField
          id="profile-current-password"
          label={t('profile.currentPassword')}
          password
          fieldClassName="sm:col-span-2"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      )}
    </div>
  );
}
