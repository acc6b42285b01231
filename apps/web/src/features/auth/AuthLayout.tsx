import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Moon, Sun } from 'lucide-react';
import { Logo } from '../../components/Logo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useTheme } from '../../components/theme';
import { t } from '../../i18n';

/** Sign-in and sign-up: the form on the left, the product's title and tagline on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { theme, toggle } = useTheme();
  return (
    <div className="relative flex min-h-screen bg-white dark:bg-gray-900">
      <div className="flex w-full flex-1 flex-col lg:w-1/2">
        <div className="px-6 pt-6 lg:hidden">
          <Link to="/">
            <Logo />
          </Link>
        </div>
        <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-6 py-10">
          {children}
        </main>
      </div>
      <div className="relative hidden w-1/2 items-center justify-center overflow-hidden bg-brand-950 lg:flex">
        <div
          className="absolute inset-0 opacity-30"
          style={{
            backgroundImage:
              'radial-gradient(circle at 20% 20%, #465fff 0, transparent 40%), radial-gradient(circle at 80% 70%, #7592ff 0, transparent 35%)',
          }}
          aria-hidden="true"
        />
        <div className="relative z-10 max-w-sm text-center">
          <div className="mb-6 flex justify-center">
            <span className="flex items-center gap-3 text-3xl font-semibold text-white">
              <Logo compact /> Blaster Panel
            </span>
          </div>
          <p className="text-lg text-gray-300">{t('auth.tagline')}</p>
        </div>
      </div>
      <div className="fixed right-20 bottom-7 z-50">
        <LanguageSwitch className="bg-white dark:bg-gray-900" />
      </div>
      <button
        type="button"
        aria-label={t('layout.toggleTheme')}
        onClick={toggle}
        className="fixed right-6 bottom-6 z-50 flex size-12 items-center justify-center rounded-full bg-brand-500 text-white shadow-lg hover:bg-brand-600"
      >
        {theme === 'dark' ? <Sun className="size-5" /> : <Moon className="size-5" />}
      </button>
    </div>
  );
}
