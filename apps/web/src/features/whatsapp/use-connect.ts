import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PAIRING_COUNTDOWN_S,
  PHONE_PREFIX,
  POST_CREATE_COUNTDOWN_S,
  QR_COUNTDOWN_S,
  QR_FETCH_TIMEOUT_MS,
  REALTIME_CHANNEL_ADMIN,
  isOperatorRole,
  newDeviceId,
  pairingPhoneSchema,
} from '@blaster/contract';
import { MSG, t } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { subscribe } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { useGatewayConfig, useRefreshAfterConnect } from './api';

type Mode = 'qr' | 'code';
type Phase =
  | { name: 'idle' }
  | { name: 'generating'; left: number }
  | { name: 'showing'; left: number; qr: string | null; code: string | null }
  | { name: 'saving' };

// Getters: each read takes the chosen language's text.
const ERROR_PREFIX: Record<string, string> = {
  get unhandledRejection() {
    return MSG.errorPrefixUnhandledRejection;
  },
  get uncaughtException() {
    return MSG.errorPrefixUncaughtException;
  },
  get database_error() {
    return MSG.errorPrefixDatabase;
  },
};

/**
 * Connecting a device: asks the server for a QR or pairing code, counts it down, hears the scan on
 * the viewer's channel (or asks for it) and saves the account.
 */
export function useConnectDevice() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reconnectId = params.get('r');
  const [deviceId, setDeviceId] = useState(() => newDeviceId());
  const [mode, setMode] = useState<Mode>('qr');
  const [phone, setPhone] = useState(PHONE_PREFIX);
  const [phoneError, setPhoneError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [errors, setErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const proxyId = useRef<number | null>(null);
  const finished = useRef(false);
  const config = useGatewayConfig();
  const refreshAccounts = useRefreshAfterConnect();
  const sandbox = config.data?.gateway === 'sandbox';
  const channel = user ? (isOperatorRole(user.role) ? REALTIME_CHANNEL_ADMIN : String(user.id)) : null;

  const save = async () => {
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
        { fallback: MSG.networkError },
      );
      // Every account list (the list page, the generator and validator forms) shows the new account.
      await refreshAccounts();
      toast.success(t('whatsapp.connected'));
      if (window.history.state?.idx > 0) void navigate(-1);
      else void navigate(user?.role === 'member' ? '/whatsapp' : '/');
    } catch (error) {
      finished.current = false;
      setFailure(errorText(error, MSG.networkError));
      setPhase({ name: 'idle' });
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // Codes, the scan and error lines for this device arrive on the viewer's channel.
  useEffect(() => {
    if (!channel) return;
    return subscribe(channel, (message) => {
      const payload = (message.payload ?? {}) as Record<string, unknown>;
      if (payload.deviceId !== deviceId) return;
      if (message.event === 'qr' || message.event === 'code') {
        setPhase((current) =>
          current.name === 'generating' || current.name === 'showing'
            ? {
                name: 'showing',
                left: mode === 'qr' ? QR_COUNTDOWN_S : PAIRING_COUNTDOWN_S,
                qr: message.event === 'qr' ? String(payload.qr) : null,
                code: message.event === 'code' ? String(payload.code) : null,
              }
            : current,
        );
      } else if (message.event === 'authenticated') {
        void saveRef.current();
      } else if (message.event in ERROR_PREFIX) {
        setErrors((lines) => [...lines, `${ERROR_PREFIX[message.event]}${String(payload.message ?? '')}`]);
      }
    });
  }, [channel, deviceId, mode]);

  // A missed 'authenticated' event is caught by asking the state while a code is shown.
  useEffect(() => {
    if (phase.name !== 'showing') return;
    const timer = setInterval(async () => {
      try {
        const answer = await callEndpoint('whatsappClientState', { params: { deviceId } });
        if (answer.state === 'connected') void saveRef.current();
      } catch {
        // the next tick asks again
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [phase.name, deviceId]);

  // Countdowns: 15 s while generating, 60 s for a QR, 90 s for a pairing code; at 0 start over.
  useEffect(() => {
    if (phase.name !== 'generating' && phase.name !== 'showing') return;
    const timer = setInterval(() => {
      setPhase((current) => {
        if (current.name !== 'generating' && current.name !== 'showing') return current;
        if (current.left <= 1) {
          if (current.name === 'showing') {
            void callEndpoint('whatsappRemoveClient', { body: { deviceId } }).catch(() => {});
            setDeviceId(newDeviceId());
            return { name: 'idle' };
          }
          return { ...current, left: 0 };
        }
        return { ...current, left: current.left - 1 };
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [phase.name, deviceId]);

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
      const created = await callEndpoint(
        'whatsappNewClient',
        {
          body: {
            deviceId,
            userId: user?.id,
            previousDeviceId: null,
            phoneNumber: mode === 'code' ? phone : '',
          },
        },
        { fallback: MSG.errorCreatingClient },
      );
      proxyId.current = created.proxyId;
      const controller = new AbortController();
      const timeout = setTimeout(() => controller.abort(), QR_FETCH_TIMEOUT_MS);
      const answer = await callEndpoint(
        'whatsappQr',
        { params: { deviceId } },
        { signal: controller.signal, fallback: MSG.errorFetchingQr },
      ).finally(() => clearTimeout(timeout));
      setPhase((current) =>
        current.name === 'showing'
          ? current
          : {
              name: 'showing',
              left: mode === 'qr' ? QR_COUNTDOWN_S : PAIRING_COUNTDOWN_S,
              qr: answer.qr,
              code: answer.code,
            },
      );
    } catch (error) {
      setFailure(errorText(error, MSG.errorCreatingClient));
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
      void callEndpoint('whatsappRemoveClient', { body: { deviceId } }).catch(() => {});
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
