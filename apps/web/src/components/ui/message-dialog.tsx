import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { MessageOptions } from './message-dialog-view';

export type { MessageOptions } from './message-dialog-view';

const MessageDialogView = lazy(() => import('./message-dialog-view'));

interface Pending extends MessageOptions {
  id: number;
  resolve(confirmed: boolean): void;
}

// One dialog at a time: the rest wait their turn, like answers awaited one after another.
let queue: Pending[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a message or a question; resolves true when its confirm button was pressed. */
export function showMessage(options: MessageOptions): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...options, id: nextId++, resolve }];
    emit();
  });
}

function settle(id: number, confirmed: boolean) {
  const done = queue.find((item) => item.id === id);
  if (!done) return;
  queue = queue.filter((item) => item !== done);
  emit();
  done.resolve(confirmed);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the messages of `showMessage` appear; mounted once at the root of the app. */
export function MessageDialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
  useEffect(() => {
    if (!current?.closeAfterMs) return;
    const timer = setTimeout(() => settle(current.id, false), current.closeAfterMs);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialogView current={current} settle={settle} />
    </Suspense>
  );
}
