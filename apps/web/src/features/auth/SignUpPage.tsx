// First: this page's texts, before any module of it reads one.
import '../../i18n/account-texts';
import { Link } from 'react-router';
import { t, useMessages } from '../../i18n';
import { Alert, Button, TextField } from '../../components/form';
import { AuthLayout } from './AuthLayout';
import { useSignUp } from './use-sign-up';
import { NameFields } from './components/NameFields';
import { TermsAgreement } from './components/TermsAgreement';

export function SignUpPage() {
  const MSG = useMessages();
  const { field, submit, error, errors, isSubmitting, mismatch, describedBy } = useSignUp();

  return (
    <AuthLayout>
      <div className="mb-8">
        <h1 className="mb-2 text-3xl font-semibold text-gray-800 dark:text-white/90">{MSG.signUpTitle}</h1>
        <p className="text-sm text-muted">{t('auth.signUpSubtitle')}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert>{error}</Alert>}
        <NameFields field={field} errors={errors} />
        <TextField
          id="email"
          label={t('common.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...field('email')}
        />
        <TextField
          id="password"
          label={t('common.password')}
          password
          error={errors.password?.message}
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
          {...field('password')}
        />
        <TextField
          id="password2"
          label={t('auth.confirmPassword')}
          password
          error={errors.password2?.message ?? mismatch}
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          {...field('password2')}
        />
        <TextField
          id="referral_code"
          label={t('auth.referralCode')}
          optional
          error={errors.referral_code?.message}
          placeholder={t('auth.referralCodePlaceholder')}
          {...field('referral_code')}
        />
        <TermsAgreement
          registration={field('agreeToTerms')}
          describedBy={describedBy('agreeToTerms')}
          error={errors.agreeToTerms?.message}
        />
        <Button type="submit" className="w-full" loading={isSubmitting} disabled={isSubmitting}>
          {isSubmitting ? MSG.signingUp : MSG.signUpButton}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-400">
        {t('auth.haveAccount')}{' '}
        <Link to="/signin" className="text-brand-600 underline hover:text-brand-700 dark:text-brand-400">
          {MSG.signInTitle}
        </Link>
      </p>
    </AuthLayout>
  );
}
