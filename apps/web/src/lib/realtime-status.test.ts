import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onRealtimeReconnect, realtimeStatus, subscribe } from './realtime';

/** Stands in for the browser's WebSocket: the test opens and drops it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
}
const latest = () => FakeSocket.all.at(-1)!;
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('realtime status', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ realtimePort: 4000 }), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes live on open, offline when the socket drops, and reports the reconnect', async () => {
    const reconnects = vi.fn();
    const stopListening = onRealtimeReconnect(reconnects);
    const handler = vi.fn();
    const unsubscribe = subscribe('7', handler);
    expect(realtimeStatus()).toBe('connecting');
    await settle();
    latest().onopen!();
    expect(realtimeStatus()).toBe('live');
    latest().onmessage!({ data: JSON.stringify({ event: 'finished', payload: {} }) });
    expect(handler).toHaveBeenCalledOnce();
    expect(reconnects).not.toHaveBeenCalled();

    latest().onclose!({ code: 1006 });
    expect(realtimeStatus()).toBe('offline');
    const dropped = latest();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(latest()).not.toBe(dropped);
    latest().onopen!();
    expect(realtimeStatus()).toBe('live');
    expect(reconnects).toHaveBeenCalledOnce();

    unsubscribe();
    stopListening();
  });

  it('follows the browser going offline and tries again at once when it is back', async () => {
    const reconnects = vi.fn();
    const stopListening = onRealtimeReconnect(reconnects);
    const unsubscribe = subscribe('8', () => undefined);
    await settle();
    latest().onopen!();
    window.dispatchEvent(new Event('offline'));
    expect(realtimeStatus()).toBe('offline');
    latest().onclose!({ code: 1006 });
    const dropped = latest();
    window.dispatchEvent(new Event('online'));
    await settle();
    // No back-off wait: a new socket is on its way as soon as the browser is online.
    expect(latest()).not.toBe(dropped);
    expect(reconnects).toHaveBeenCalled();
    latest().onopen!();
    expect(realtimeStatus()).toBe('live');
    unsubscribe();
    stopListening();
  });

  it('is not offline when the server refuses the session', async () => {
    const unsubscribe = subscribe('9', () => undefined);
    await settle();
    latest().onclose!({ code: 4401 });
    expect(realtimeStatus()).toBe('connecting');
    unsubscribe();
  });

  it('tells a subscriber each time its socket opens, so it reads again what changed before it listened', async () => {
    const opened = vi.fn();
    const unsubscribe = subscribe('10', () => undefined, opened);
    await settle();
    expect(opened).not.toHaveBeenCalled();
    latest().onopen!();
    expect(opened).toHaveBeenCalledOnce();
    latest().onclose!({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1_000);
    latest().onopen!();
    expect(opened).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
