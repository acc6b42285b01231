import type { UseFormRegisterReturn } from 'react-hook-form';
import { t } from '../../../i18n';
import { FieldError } from '../../../components/form';

/** The box that accepts the terms and the privacy policy, each opening in a new tab. */
export function TermsAgreement({
  registration,
  describedBy,
  error,
}: {
  registration: UseFormRegisterReturn;
  describedBy: string | undefined;
  error: string | undefined;
}) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-gray-600 dark:text-gray-400">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-500"
          aria-describedby={describedBy}
          {...registration}
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
      <FieldError id="agreeToTerms-error" message={error} />
    </div>
  );
}
