import { Link } from 'react-router';
import { t, useMessages } from '../../i18n';
import { Alert, Button, TextField } from '../../components/form';
import { AuthLayout } from './AuthLayout';
import { useSignIn } from './use-sign-in';

export function SignInPage() {
  const MSG = useMessages();
  const { email, setEmail, password, setPassword, keep, setKeep, error, loading, submit } = useSignIn();

  return (
    <AuthLayout>
      <div className="mb-8">
        <h1 className="mb-2 text-3xl font-semibold text-gray-800 dark:text-white/90">{MSG.signInTitle}</h1>
        <p className="text-sm text-muted">{MSG.signInSubtitle}</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert>{error}</Alert>}
        <TextField
          id="email"
          label={t('common.email')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="info@gmail.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          id="password"
          label={t('common.password')}
          password
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex items-center justify-between">
          <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-400">
            <input
              type="checkbox"
              name="keepLoggedIn"
              checked={keep}
              onChange={(event) => setKeep(event.target.checked)}
              className="size-4 rounded border-gray-300 accent-brand-500"
            />
            {MSG.keepMeLoggedIn}
          </label>
          <Link
            to="/reset-password"
            className="text-sm text-brand-500 hover:text-brand-600 dark:text-brand-400"
          >
            {MSG.forgotPassword}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={loading} disabled={loading}>
          {loading ? MSG.signingIn : MSG.signInButton}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-400">
        {t('auth.noAccount')}{' '}
        <Link to="/signup" className="text-brand-600 underline hover:text-brand-700 dark:text-brand-400">
          {MSG.signUpTitle}
        </Link>
      </p>
    </AuthLayout>
  );
}
