import { PHONE_PREFIX } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Label, inputClass, TextField } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { CodePanel } from './components/CodePanel';
import { useConnectDevice } from './use-connect';

/** /whatsapp/create?r=&type=: connect a chat account by QR code or by pairing code. */
export function ConnectPage() {
  const MSG = useMessages();
  const {
    deviceId,
    mode,
    phone,
    setPhone,
    phoneError,
    phase,
    errors,
    failure,
    sandbox,
    generate,
    simulateScan,
    switchMode,
  } = useConnectDevice();

  return (
    <>
      <Breadcrumb title={MSG.connectTitle} />
      <PageCard title={MSG.connectTitle}>
        <div className="mx-auto max-w-md space-y-5">
          <div>
            <Label htmlFor="device-id" optional>
              {t('whatsapp.accountId')}
            </Label>
            <input id="device-id" readOnly value={deviceId} className={`${inputClass()} font-mono`} />
          </div>
          {mode === 'code' && (
            <TextField
              id="pairing-phone"
              label={t('whatsapp.phoneNumber')}
              error={phoneError}
              inputMode="numeric"
              value={phone}
              disabled={phase.name !== 'idle'}
              onChange={(event) => {
                const digits = event.target.value.replace(/\D/g, '');
                setPhone(digits.startsWith(PHONE_PREFIX) ? digits : PHONE_PREFIX);
              }}
            />
          )}

          <CodePanel
            phase={phase}
            mode={mode}
            sandbox={sandbox}
            onGenerate={() => void generate()}
            onScan={() => void simulateScan()}
          />

          <button
            type="button"
            onClick={switchMode}
            className="block w-full text-center text-sm font-medium text-brand-600 hover:underline dark:text-brand-300"
          >
            {mode === 'qr' ? MSG.loginWithNumber : MSG.loginWithQr}
          </button>
          <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
            {MSG.doNotClose}
          </p>
          {failure && <Alert>{failure}</Alert>}
          {errors.map((line, i) => (
            <p key={i} className="font-mono text-xs text-red-600">
              {line}
            </p>
          ))}
        </div>
      </PageCard>
    </>
  );
}
