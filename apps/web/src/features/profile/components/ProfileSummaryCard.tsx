import { Copy } from 'lucide-react';
import { REFERRAL_QUERY_PARAM, type User } from '@blaster/contract';
import '../../../i18n/account-texts';
import { t, useMessages } from '../../../i18n';
import { showMessage } from '../../../lib/dialogs';
import { initials } from '../../../lib/initials';
import { Button } from '../../../components/form';

export function referralLink(code: string, origin = window.location.origin) {
  return `${origin}/signup?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`;
}

/** The member's name, role, level and referral code, with the button that copies the referral link. */
export function ProfileSummaryCard({ user }: { user: User }) {
  const MSG = useMessages();

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
            <span className="text-sm text-muted">
              {t('auth.referralCode')}:{' '}
              <strong className="font-mono text-gray-800 dark:text-white/90">{user.referral_code}</strong>
            </span>
          </div>
        </div>
        <Button type="button" variant="outline" onClick={copyLink}>
          <Copy className="size-4" aria-hidden="true" /> {MSG.copyReferralLink}
        </Button>
      </div>
    </section>
  );
}
