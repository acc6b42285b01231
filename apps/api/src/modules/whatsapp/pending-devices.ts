import { MAX_PENDING_DEVICES_PER_USER, MSG, PENDING_DEVICE_TTL_MS } from '@blaster/contract';
import { HttpError } from '../../lib/errors';

/**
 * Devices being connected, by device id: who asked (the account row exists only after saving). Each
 * user may have a few at once, and a device not saved within the QR and pairing time-outs is dropped
 * (and removed from the gateway), so nobody can pile devices up.
 */
export class PendingDevices {
  private readonly devices = new Map<string, { owner: number; expiresAt: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly onExpired: (deviceId: string) => void,
    private readonly ttlMs = PENDING_DEVICE_TTL_MS,
  ) {
    this.timer = setInterval(() => this.sweep(), Math.min(30_000, ttlMs));
    this.timer.unref();
  }

  get(deviceId: string): number | undefined {
    const device = this.devices.get(deviceId);
    if (device && device.expiresAt <= Date.now()) {
      this.expire(deviceId);
      return undefined;
    }
    return device?.owner;
  }

  has(deviceId: string) {
    return this.get(deviceId) !== undefined;
  }

  /** Refused with a clear message when the owner already connects as many devices as allowed. */
  set(deviceId: string, owner: number) {
    this.sweep();
    let pending = 0;
    for (const device of this.devices.values()) if (device.owner === owner) pending += 1;
    if (pending >= MAX_PENDING_DEVICES_PER_USER) throw new HttpError(429, MSG.tooManyPendingDevices);
    this.devices.set(deviceId, { owner, expiresAt: Date.now() + this.ttlMs });
  }

  delete(deviceId: string) {
    return this.devices.delete(deviceId);
  }

  stop() {
    clearInterval(this.timer);
  }

  private sweep() {
    const now = Date.now();
    for (const [deviceId, device] of this.devices) if (device.expiresAt <= now) this.expire(deviceId);
  }

  private expire(deviceId: string) {
    this.devices.delete(deviceId);
    this.onExpired(deviceId);
  }
}
