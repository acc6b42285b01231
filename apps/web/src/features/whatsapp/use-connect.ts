import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PAIRING_COUNTDOWN_S,
  PHONE_PREFIX,
  POST_CREATE_COUNTDOWN_S,
  QR_COUNTDOWN_S,
  QR_FETCH_TIMEOUT_MS,
  newDeviceId,
  pairingPhoneSchema,
} from '@blaster/contract';
import { messages, t } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { subscribe } from '../../lib/realtime';
import { userChannel } from '../../lib/user-channel';
import { useSession } from '../../lib/session';
import { useGatewayConfig, useRefreshAfterConnect } from './api';

export type Mode = 'qr' | 'code';
export type Phase =
  | { name: 'idle' }
  | { name: 'generating'; left: number }
  | { name: 'showing'; left: number; qr: string | null; code: string | null }
  | { name: 'saving' };
type SetPhase = Dispatch<SetStateAction<Phase>>;

// Getters: each read takes the chosen language's text.
const ERROR_PREFIX: Record<string, string> = {
  get unhandledRejection() {
    return messages().errorPrefixUnhandledRejection;
  },
  get uncaughtException() {
    return messages().errorPrefixUncaughtException;
  },
  get database_error() {
    return messages().errorPrefixDatabase;
  },
};

const countdownOf = (mode: Mode) => (mode === 'qr' ? QR_COUNTDOWN_S : PAIRING_COUNTDOWN_S);

/** Drops a device being connected; a failure changes nothing the viewer can act on. */
const abandonDevice = (deviceId: string) =>
  void callEndpoint('whatsappRemoveClient', { body: { deviceId } }).catch(() => {});

/** Asks the server for a new device, then waits for its QR or pairing code. */
async function requestCode(deviceId: string, userId: number | undefined, mode: Mode, phone: string) {
  const created = await callEndpoint(
    'whatsappNewClient',
    {
      body: { deviceId, userId, previousDeviceId: null, phoneNumber: mode === 'code' ? phone : '' },
    },
    { fallback: messages().errorCreatingClient },
  );
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), QR_FETCH_TIMEOUT_MS);
  const answer = await callEndpoint(
    'whatsappQr',
    { params: { deviceId } },
    { signal: controller.signal, fallback: messages().errorFetchingQr },
  ).finally(() => clearTimeout(timeout));
  return { proxyId: created.proxyId, qr: answer.qr, code: answer.code };
}

/** Codes, the scan and error lines for this device arrive on the viewer's channel. */
function useDeviceEvents(
  channel: string | null,
  device: { deviceId: string; mode: Mode },
  on: { setPhase: SetPhase; setErrors: Dispatch<SetStateAction<string[]>>; scanned: () => void },
) {
  const { deviceId, mode } = device;
  const handlers = useRef(on);
  handlers.current = on;
  useEffect(() => {
    if (!channel) return;
    return subscribe(channel, (message) => {
      const payload = (message.payload ?? {}) as Record<string, unknown>;
      if (payload.deviceId !== deviceId) return;
      if (message.event === 'qr' || message.event === 'code') {
        handlers.current.setPhase((current) =>
          current.name === 'generating' || current.name === 'showing'
            ? {
                name: 'showing',
                left: countdownOf(mode),
                qr: message.event === 'qr' ? String(payload.qr) : null,
                code: message.event === 'code' ? String(payload.code) : null,
              }
            : current,
        );
      } else if (message.event === 'authenticated') {
        handlers.current.scanned();
      } else if (message.event in ERROR_PREFIX) {
        handlers.current.setErrors((lines) => [
          ...lines,
          `${ERROR_PREFIX[message.event]}${String(payload.message ?? '')}`,
        ]);
      }
    });
  }, [channel, deviceId, mode]);
}

/** A missed 'authenticated' event is caught by asking the state while a code is shown. */
function useMissedScanCheck(showing: boolean, deviceId: string, scanned: () => void) {
  const onScanned = useRef(scanned);
  onScanned.current = scanned;
  useEffect(() => {
    if (!showing) return;
    const timer = setInterval(async () => {
      try {
        const answer = await callEndpoint('whatsappClientState', { params: { deviceId } });
        if (answer.state === 'connected') onScanned.current();
      } catch {
        // the next tick asks again
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [showing, deviceId]);
}

/** Countdowns: 15 s while generating, 60 s for a QR, 90 s for a pairing code; at 0 start over. */
function useCountdown(phase: Phase['name'], deviceId: string, setPhase: SetPhase, startOver: () => void) {
  const onExpired = useRef(startOver);
  onExpired.current = startOver;
  useEffect(() => {
    if (phase !== 'generating' && phase !== 'showing') return;
    const timer = setInterval(() => {
      setPhase((current) => {
        if (current.name !== 'generating' && current.name !== 'showing') return current;
        if (current.left <= 1) {
          if (current.name === 'showing') {
            abandonDevice(deviceId);
            onExpired.current();
            return { name: 'idle' };
          }
          return { ...current, left: 0 };
        }
        return { ...current, left: current.left - 1 };
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [phase, deviceId, setPhase]);
}

/** Saves the scanned device as an account once, then leaves the page. */
function useSaveAccount(deviceId: string, proxyId: { current: number | null }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reconnectId = params.get('r');
  const refreshAccounts = useRefreshAfterConnect();
  const finished = useRef(false);
  return async (setPhase: SetPhase, setFailure: (text: string) => void) => {
    if (finished.current) return;
    finished.current = true;
    setPhase({ name: 'saving' });
    try {
      await callEndpoint(
        'whatsappSave',
        {
          body: {
            clientid: deviceId,
            user_id: user?.id,
            proxyId: proxyId.current,
            reconnect: reconnectId ?? '',
          },
        },
        { fallback: messages().networkError },
      );
      // Every account list (the list page, the generator and validator forms) shows the new account.
      await refreshAccounts();
      toast.success(t('whatsapp.connected'));
      if (window.history.state?.idx > 0) void navigate(-1);
      else void navigate(user?.role === 'member' ? '/whatsapp' : '/');
    } catch (error) {
      finished.current = false;
      setFailure(errorText(error, messages().networkError));
      setPhase({ name: 'idle' });
    }
  };
}

/**
 * Connecting a device: asks the server for a QR or pairing code, counts it down, hears the scan on
 * the viewer's channel (or asks for it) and saves the account.
 */
export function useConnectDevice() {
  const { user } = useSession();
  const [deviceId, setDeviceId] = useState(() => newDeviceId());
  const [mode, setMode] = useState<Mode>('qr');
  const [phone, setPhone] = useState(PHONE_PREFIX);
  const [phoneError, setPhoneError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [errors, setErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const proxyId = useRef<number | null>(null);
  const config = useGatewayConfig();
  const sandbox = config.data?.gateway === 'sandbox';
  const channel = userChannel(user);
  const saveAccount = useSaveAccount(deviceId, proxyId);
  const save = () => void saveAccount(setPhase, setFailure);

  useDeviceEvents(channel, { deviceId, mode }, { setPhase, setErrors, scanned: save });
  useMissedScanCheck(phase.name === 'showing', deviceId, save);
  useCountdown(phase.name, deviceId, setPhase, () => setDeviceId(newDeviceId()));

  const generate = async () => {
    setFailure(null);
    setErrors([]);
    if (mode === 'code') {
      const checked = pairingPhoneSchema.safeParse(phone);
      if (!checked.success) {
        setPhoneError(checked.error.issues[0]?.message);
        return;
      }
    }
    setPhoneError(undefined);
    setPhase({ name: 'generating', left: POST_CREATE_COUNTDOWN_S });
    try {
      const answer = await requestCode(deviceId, user?.id, mode, phone);
      proxyId.current = answer.proxyId;
      setPhase((current) =>
        current.name === 'showing'
          ? current
          : { name: 'showing', left: countdownOf(mode), qr: answer.qr, code: answer.code },
      );
    } catch (error) {
      setFailure(errorText(error, messages().errorCreatingClient));
      setPhase({ name: 'idle' });
      setDeviceId(newDeviceId());
    }
  };

  const simulateScan = async () => {
    if (phase.name !== 'showing') return;
    try {
      await callEndpoint('sandboxScan', { body: { deviceId, code: phase.code ?? undefined } });
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const switchMode = () => {
    if (phase.name === 'showing' || phase.name === 'generating') {
      abandonDevice(deviceId);
      setDeviceId(newDeviceId());
    }
    setPhase({ name: 'idle' });
    setMode(mode === 'qr' ? 'code' : 'qr');
  };

  return {
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
  };
}
