// First: this page's texts, before any module of it reads one.
import '../../i18n/account-texts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  REFERRAL_QUERY_PARAM,
  REGISTER_FIELDS,
  registerBodySchema,
  type RegisterField,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Alert, Button, FieldError, TextField } from '../../components/form';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { saveSession } from '../../lib/session';
import { storedReferral } from '../../lib/referral-capture';
import { AuthLayout } from './AuthLayout';

type FormInput = z.input<typeof registerBodySchema>;
type FormOutput = z.output<typeof registerBodySchema>;

export function SignUpPage() {
  const MSG = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      password2: '',
      referral_code: params.get(REFERRAL_QUERY_PARAM) ?? storedReferral(),
      agreeToTerms: false as unknown as true,
    },
  });

  // A field's error, from the form check or the server, goes away as soon as the field is edited.
  const field = (name: RegisterField) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (form) => {
    setError('');
    try {
      const answer = await callEndpoint('register', { body: form }, { fallback: MSG.failedToSignUp });
      saveSession(answer.user);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.errors : {};
      const known = REGISTER_FIELDS.filter((name) => fieldErrors[name]);
      known.forEach((name) => setFieldError(name, { type: 'server', message: fieldErrors[name] }));
      if (known.length === 0) setError(errorText(caught, MSG.failedToSignUp));
    }
  });

  // Said while typing, as soon as both passwords are filled and differ (not only on submit).
  const [password, password2] = watch(['password', 'password2']);
  const mismatch = password && password2 && password !== password2 ? MSG.passwordsDoNotMatch : undefined;

  const describedBy = (name: RegisterField) => (errors[name] ? `${name}-error` : undefined);

  return (
    <AuthLayout>
      <div className="mb-8">
        <h1 className="mb-2 text-3xl font-semibold text-gray-800 dark:text-white/90">{MSG.signUpTitle}</h1>
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('auth.signUpSubtitle')}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert>{error}</Alert>}
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
        <div>
          <label className="flex items-start gap-3 text-sm text-gray-600 dark:text-gray-400">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-500"
              aria-describedby={describedBy('agreeToTerms')}
              {...field('agreeToTerms')}
            />
            <span>
              {t('auth.agreePrefix')}{' '}
              <a
                href="/terms"
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-600 underline dark:text-brand-400"
              >
                {t('legal.termsTitle')}
              </a>{' '}
              {t('auth.agreeAnd')}{' '}
              <a
                href="/privacy-policy"
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-600 underline dark:text-brand-400"
              >
                {t('legal.privacyTitle')}
              </a>{' '}
              {t('auth.agreeSuffix')}
            </span>
          </label>
          <FieldError id="agreeToTerms-error" message={errors.agreeToTerms?.message} />
        </div>
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
