import { t } from '../../../i18n';
import { TextField } from '../../../components/form';
import type { SignUpForm } from '../use-sign-up';

/** First and last name, side by side from small screens up. */
export function NameFields({ field, errors }: Pick<SignUpForm, 'field' | 'errors'>) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <TextField
        id="firstName"
        label={t('auth.firstName')}
        error={errors.firstName?.message}
        autoComplete="given-name"
        placeholder={t('auth.firstNamePlaceholder')}
        {...field('firstName')}
      />
      <TextField
        id="lastName"
        label={t('auth.lastName')}
        error={errors.lastName?.message}
        autoComplete="family-name"
        placeholder={t('auth.lastNamePlaceholder')}
        {...field('lastName')}
      />
    </div>
  );
}
