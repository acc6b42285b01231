import { t, tValue, useMessages } from '../../../i18n';
import { FieldError, Label, inputClass } from '../../../components/form';
import type { Blaster } from '../use-blaster';

/** The account that sends, and the consent to send from another user's account. */
export function SenderField({
  senders,
  sender,
  setSender,
  errors,
  othersAccount,
  onBehalf,
  setOnBehalf,
}: Pick<
  Blaster,
  'senders' | 'sender' | 'setSender' | 'errors' | 'othersAccount' | 'onBehalf' | 'setOnBehalf'
>) {
  const MSG = useMessages();
  return (
    <div>
      <Label htmlFor="blaster-sender">{t('blaster.chooseSender')}</Label>
      <select
        id="blaster-sender"
        value={sender}
        onChange={(event) => setSender(event.target.value)}
        className={inputClass(Boolean(errors.sender))}
      >
        <option value="">{senders.data ? t('blaster.chooseSenderOption') : MSG.loading}</option>
        {senders.data?.list.map((row) => (
          <option key={row.clientid} value={row.clientid}>
            {row.phonenumber ?? row.clientid} ({tValue('state', row.state ?? 'unknown')})
          </option>
        ))}
      </select>
      <FieldError id="blaster-sender-error" message={errors.sender} />
      {othersAccount && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={onBehalf} onChange={(event) => setOnBehalf(event.target.checked)} />
          {MSG.sendOnBehalfLabel}
        </label>
      )}
    </div>
  );
}
