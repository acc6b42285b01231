import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { Copy, Pencil } from 'lucide-react';
import { REFERRAL_QUERY_PARAM } from '@blaster/contract';
import { t, tValue, useMessages } from '../../i18n';

import { showMessage } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { Breadcrumb } from '../../components/Breadcrumb';
import { initials } from '../../lib/initials';
import { Button } from '../../components/form';
import { EditProfileModal } from './EditProfileModal';
import { useFreshUser } from './api';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <p className="mb-1 text-xs text-gray-500 dark:text-gray-400">{label}</p>
      <p className="text-sm font-medium break-words text-gray-800 dark:text-white/90">{value || '-'}</p>
    </div>
  );
}

export function referralLink(code: string, origin = window.location.origin) {
  return `${origin}/signup?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;
}

export function ProfilePage() {
  const MSG = useMessages();
  const { user: stored } = useSession();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === 'true' || params.get('edit') === '1';

  // Fresh from the server, so level and colour follow the latest blasts; the cookie is refreshed too.
  const fresh = useFreshUser(stored?.id);
  const user = fresh.data ?? stored;

  const closeEditor = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  if (!user) return null;

  const copyLink = async () => {
    const link = referralLink(user.referral_code);
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (e.g. not a secure context): still show the link so it can be copied by hand.
      await showMessage({ tone: 'info', title: t('profile.referralLink'), text: link });
      return;
    }
    await showMessage({ tone: 'success', title: MSG.linkCopied, closeAfterMs: 1800 });
  };

  return (
    <>
      <Breadcrumb title={MSG.userProfile} />
      <div className="space-y-6">
        <section className="rounded-2xl border border-gray-200 bg-white p-5 lg:p-6 dark:border-gray-800 dark:bg-white/[0.03]">
          <div className="flex flex-col items-center gap-5 sm:flex-row">
            <span className="flex size-20 shrink-0 items-center justify-center rounded-full border border-gray-200 bg-brand-100 text-2xl font-semibold text-brand-700 dark:border-gray-800 dark:bg-brand-500/20 dark:text-brand-200">
              {initials(user.firstname, user.lastname)}
            </span>
            <div className="flex-1 text-center sm:text-left">
              <h2 className="mb-2 text-lg font-semibold text-gray-800 dark:text-white/90">
                {user.firstname} {user.lastname}
              </h2>
              <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-600 capitalize dark:bg-brand-500/15 dark:text-brand-300">
                  {user.role}
                </span>
                {user.level && (
                  <span
                    className="rounded-full px-2.5 py-0.5 text-xs font-medium text-white"
                    style={{ backgroundColor: user.color ?? '#465fff' }}
                  >
                    Level {user.level}
                  </span>
                )}
                <span className="text-sm text-gray-500 dark:text-gray-400">
                  Kode Referal:{' '}
                  <strong className="font-mono text-gray-800 dark:text-white/90">{user.referral_code}</strong>
                </span>
              </div>
            </div>
            <Button type="button" variant="outline" onClick={copyLink}>
              <Copy className="size-4" aria-hidden="true" /> {MSG.copyReferralLink}
            </Button>
          </div>
        </section>
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
            <Button
              type="button"
              variant="outline"
              onClick={() => setParams({ edit: 'true' })}
              className="lg:w-auto"
            >
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Button>
          </div>
        </section>
      </div>
      {editing && <EditProfileModal user={user} onClose={closeEditor} />}
    </>
  );
}
