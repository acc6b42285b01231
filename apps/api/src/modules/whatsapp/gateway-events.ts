import { REALTIME_CHANNEL_ADMIN, type ConnectionState, type DeviceEvent } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { GatewayEvent } from '../../gateway/gateway';
import { publishAccountEvent } from '../../domain/accounts';
import { recordAccountEvent } from '../../domain/account-events';
import { queueAccountStateEvents } from '../../domain/webhooks';
import { accountRepository as accounts } from './repository';

const ERROR_EVENTS = {
  unhandledRejection: 'unhandledRejection',
  uncaughtException: 'uncaughtException',
  database_error: 'database_error',
} as const;

/** States after which a blast cannot go on: the session is gone, so the blast is stopped. */
const ENDING_STATES = new Set(['conflict', 'loggedOut', 'disconnected']);

/** Stores a saved account's new state; the state and the webhook events telling of it commit together. */
function saveConnectionState(ctx: AppContext, deviceId: string, state: ConnectionState) {
  return ctx.db.transaction(async (tx) => {
    const before = await accounts.lockByClientid(tx, deviceId);
    if (!before) return undefined;
    const updated = await accounts.update(tx, before.id, {
      state,
      ...(ENDING_STATES.has(state) ? { status: 'idle' } : {}),
    });
    await queueAccountStateEvents(tx, updated, before.state);
    return updated;
  });
}

/** Turns gateway events into account updates and realtime messages, and records them for the monitors. */
export function forwardGatewayEvents(ctx: AppContext) {
  const toOwner = async (deviceId: string | null, message: DeviceEvent) => {
    let owner = deviceId ? ctx.pendingDevices.get(deviceId) : undefined;
    if (owner === undefined && deviceId) owner = (await accounts.byClientid(ctx.db, deviceId))?.userId;
    if (owner !== undefined) ctx.hub.publish(owner, message);
    ctx.hub.publish(REALTIME_CHANNEL_ADMIN, message);
  };

  const handle = async (event: GatewayEvent) => {
    const date = new Date().toISOString();
    switch (event.type) {
      case 'qr':
        return toOwner(event.deviceId, {
          event: 'qr',
          payload: { deviceId: event.deviceId, qr: event.qr, date },
        });
      case 'code':
        return toOwner(event.deviceId, {
          event: 'code',
          payload: { deviceId: event.deviceId, code: event.code, date },
        });
      case 'authenticated':
        return toOwner(event.deviceId, {
          event: 'authenticated',
          payload: { deviceId: event.deviceId, ...event.info, date },
        });
      case 'error':
        return toOwner(event.deviceId, {
          event: ERROR_EVENTS[event.kind],
          payload: { deviceId: event.deviceId, message: event.message, date },
        });
      case 'connection.update': {
        const account = await saveConnectionState(ctx, event.deviceId, event.state);
        if (account) {
          publishAccountEvent(ctx.hub, account, 'connection.update', { state: event.state });
          if (ENDING_STATES.has(event.state)) ctx.blast.wake(account.id);
          await recordAccountEvent(ctx.db, account.id, 'connection', event.state);
        } else {
          await toOwner(event.deviceId, {
            event: 'connection.update',
            payload: { deviceId: event.deviceId, state: event.state, date },
          });
        }
      }
    }
  };

  ctx.gateway.on((event) => {
    const { type, deviceId, ...rest } = event;
    // Acknowledgements (several per send) are the delivery tracker's alone (jobs/delivery.ts).
    if (type === 'ack') return;
    ctx.monitors.gateway.record({
      event: type === 'error' ? event.kind : type,
      payload: { deviceId, date: new Date().toISOString(), ...rest },
    });
    handle(event).catch((error: unknown) =>
      ctx.monitors.gateway.record({
        event: 'database_error',
        payload: { deviceId, message: String(error), date: new Date().toISOString() },
      }),
    );
  });
}
