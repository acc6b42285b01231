import { QRCodeSVG } from 'qrcode.react';
import { Smartphone } from 'lucide-react';
import { PAIRING_CODE_SPLIT_AT } from '@blaster/contract';
import { messages } from '../../../i18n';
import { Button } from '../../../components/form';
import type { Mode, Phase } from '../use-connect';

/** 'ABCDEFGH' -> 'ABCD-EFGH', easier to read out and type on the phone. */
const splitPairingCode = (code: string) =>
  `${code.slice(0, PAIRING_CODE_SPLIT_AT)}-${code.slice(PAIRING_CODE_SPLIT_AT)}`;

/** The QR or pairing code being shown, its countdown, and the sandbox's scan button. */
export function CodePanel({
  phase,
  mode,
  sandbox,
  onGenerate,
  onScan,
}: {
  phase: Phase;
  mode: Mode;
  sandbox: boolean;
  onGenerate: () => void;
  onScan: () => void;
}) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-gray-300 p-6 text-center dark:border-gray-700">
      {phase.name === 'idle' && (
        <Button type="button" onClick={onGenerate}>
          {mode === 'qr' ? messages().generateQr : messages().generatePairing}
        </Button>
      )}
      {phase.name === 'generating' && (
        <p className="text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
          {messages().generating} ({phase.left}s)
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
          <p className="text-sm text-muted">{phase.left}s</p>
          {sandbox && (
            <Button type="button" variant="outline" onClick={onScan}>
              <Smartphone className="size-4" aria-hidden="true" />
              {phase.qr ? messages().sandboxScanQr : messages().sandboxEnterCode}
            </Button>
          )}
        </div>
      )}
      {phase.name === 'saving' && <p className="text-sm">{messages().saving}</p>}
    </div>
  );
}
