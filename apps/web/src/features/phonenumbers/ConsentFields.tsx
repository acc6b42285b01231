import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { type PhoneConsent } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { TextField } from '../../components/form';
import { formatDateTime } from '../../components/data-table';

/** An ISO time as a datetime-local input shows it (the viewer's local time, to the minute). */
export function localInputTime(iso: string | null | undefined) {
  if (!iso) return '';
  const time = new Date(iso);
  const offset = time.getTimezoneOffset() * 60_000;
  return new Date(time.getTime() - offset).toISOString().slice(0, 16);
}

/**
 * The optional consent fields of the phone-number forms: where and when the number agreed to receive
 * blasts. A source alone records consent as of saving; all empty records none.
 */
export function ConsentFields<T extends PhoneConsent>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<PhoneConsent>;
}) {
  const field = register as unknown as UseFormRegister<PhoneConsent>;
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-medium text-gray-700 dark:text-gray-300">
        {t('consent.legend')}
      </legend>
      <TextField
        id={`${idPrefix}-consent-source`}
        optional
        label={t('consent.source')}
        placeholder={t('consent.sourcePlaceholder')}
        error={errors.consent_source?.message}
        {...field('consent_source')}
      />
      <TextField
        id={`${idPrefix}-consent-at`}
        optional
        label={t('consent.at')}
        type="datetime-local"
        error={errors.consent_at?.message}
        {...field('consent_at')}
      />
      <TextField
        id={`${idPrefix}-consent-note`}
        optional
        label={t('consent.note')}
        error={errors.consent_note?.message}
        {...field('consent_note')}
      />
    </fieldset>
  );
}

/** The consent cell of the list: source and time, or that none is recorded. */
export function ConsentCell({ source, at }: { source: string | null; at: string | null }) {
  const MSG = useMessages();
  if (!at) return <span className="text-xs text-muted">{MSG.consentNone}</span>;
  return (
    <span className="text-xs">
      {source}
      <span className="block text-muted">{formatDateTime(at)}</span>
    </span>
  );
}
