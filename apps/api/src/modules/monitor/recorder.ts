import type { MonitorMessage } from '@blaster/contract';

/** The last events of one kind, newest last, for the developer monitors. */
export class EventRecorder {
  private readonly items: MonitorMessage[] = [];
  constructor(private readonly limit = 500) {}

  record(message: MonitorMessage) {
    this.items.push(message);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }

  /** Messages about one device or account: by payload deviceId, sender id, user_id or clientid. */
  about(id: string | undefined): MonitorMessage[] {
    if (!id) return [...this.items];
    return this.items.filter((message) => {
      const sender = message.sender ?? {};
      return [message.payload.deviceId, sender.id, sender.user_id, sender.clientid].some(
        (value) => value !== undefined && value !== null && String(value) === id,
      );
    });
  }
}
