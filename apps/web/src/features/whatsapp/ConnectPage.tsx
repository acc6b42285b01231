import { QRCodeSVG } from 'qrcode.react';
import { Smartphone } from 'lucide-react';
import { PAIRING_CODE_SPLIT_AT, PHONE_PREFIX } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, Label, inputClass, TextField } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { useConnectDevice } from './use-connect';

/** 'ABCDEFGH' -> 'ABCD-EFGH', easier to read out and type on the phone. */
export const splitPairingCode = (code: string) =>
  `${code.slice(0, PAIRING_CODE_SPLIT_AT)}-${code.slice(PAIRING_CODE_SPLIT_AT)}`;

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

          <div className="flex min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-gray-300 p-6 text-center dark:border-gray-700">
            {phase.name === 'idle' && (
              <Button type="button" onClick={() => void generate()}>
                {mode === 'qr' ? MSG.generateQr : MSG.generatePairing}
              </Button>
            )}
            {phase.name === 'generating' && (
              <p className="text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
                {MSG.generating} ({phase.left}s)
              </p>
            )}
            {phase.name === 'showing' && (
              <div className="space-y-3" aria-live="polite">
                {phase.qr && (
                  <div className="rounded-xl bg-white p-3" data-testid="qr-code">
                    <QRCodeSVG value={phase.qr} size={220} />
                  </div>
                )}
                {phase.code && (
                  <p
                    data-testid="pairing-code"
                    className="font-mono text-3xl font-bold tracking-widest text-gray-800 dark:text-white"
                  >
                    {splitPairingCode(phase.code)}
                  </p>
                )}
                <p className="text-sm text-gray-500 dark:text-gray-400">{phase.left}s</p>
                {sandbox && (
                  <Button type="button" variant="outline" onClick={() => void simulateScan()}>
                    <Smartphone className="size-4" aria-hidden="true" />
                    {phase.qr ? MSG.sandboxScanQr : MSG.sandboxEnterCode}
                  </Button>
                )}
              </div>
            )}
            {phase.name === 'saving' && <p className="text-sm">{MSG.saving}</p>}
          </div>

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
