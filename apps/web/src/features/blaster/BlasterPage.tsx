import { t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, FieldError, Label, inputClass } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { useBlaster } from './use-blaster';
import { SenderField } from './components/SenderField';
import { ReceiverPicker } from './components/ReceiverPicker';

/** /blaster: send one message from a connected account to chosen numbers (or all active ones). */
export function BlasterPage() {
  const blaster = useBlaster();
  const { message, setMessage, errors, send, submit } = blaster;

  return (
    <>
      <Breadcrumb title={t('route./blaster')} />
      <PageCard title={t('route./blaster')}>
        <form onSubmit={(event) => void submit(event)} noValidate className="max-w-2xl space-y-5">
          <SenderField {...blaster} />
          <div>
            <Label htmlFor="blaster-message">{t('blaster.message')}</Label>
            <textarea
              id="blaster-message"
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={`${inputClass(Boolean(errors.message))} h-auto`}
            />
            <FieldError id="blaster-message-error" message={errors.message} />
          </div>
          <ReceiverPicker {...blaster} />
          <Button type="submit" loading={send.isPending} disabled={send.isPending}>
            {send.isPending ? t('blaster.sending') : t('common.send')}
          </Button>
        </form>
      </PageCard>
    </>
  );
}
