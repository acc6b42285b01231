import { t } from '../../i18n';
import { useEffect, useSyncExternalStore } from 'react';
import { CircleAlert, CircleCheck, CircleX, Info } from 'lucide-react';
import clsx from 'clsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './alert-dialog';

export type MessageTone = 'success' | 'error' | 'warning' | 'info';

export interface MessageOptions {
  tone: MessageTone;
  title: string;
  text?: string;
  /** The confirm button's text; 'OK' when not given. */
  confirmText?: string;
  /** With a cancel text the dialog is a question, answered true by confirm and false otherwise. */
  cancelText?: string;
  /** Closes by itself after this long, with no button (a passing notice). */
  closeAfterMs?: number;
}

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

const ICONS = { success: CircleCheck, error: CircleX, warning: CircleAlert, info: Info };
const ICON_COLOURS = {
  success: 'text-emerald-500',
  error: 'text-red-500',
  warning: 'text-amber-500',
  info: 'text-sky-500',
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
  const Icon = ICONS[current.tone];
  return (
    <AlertDialog key={current.id} open onOpenChange={(open) => !open && settle(current.id, false)}>
      <AlertDialogContent
        // Without a text the title alone describes the dialog.
        {...(current.text ? {} : { 'aria-describedby': undefined })}
      >
        <Icon className={clsx('mx-auto mb-4 size-14', ICON_COLOURS[current.tone])} aria-hidden="true" />
        <AlertDialogTitle>{current.title}</AlertDialogTitle>
        {current.text && <AlertDialogDescription>{current.text}</AlertDialogDescription>}
        {!current.closeAfterMs && (
          <AlertDialogFooter>
            <AlertDialogAction onClick={() => settle(current.id, true)}>
              {current.confirmText ?? t('common.ok')}
            </AlertDialogAction>
            {current.cancelText && <AlertDialogCancel>{current.cancelText}</AlertDialogCancel>}
          </AlertDialogFooter>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
