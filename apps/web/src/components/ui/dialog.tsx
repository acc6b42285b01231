import { useRef, type ComponentProps } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';

/** A modal dialog: traps focus, closes on Escape or outside click, and gives focus back on close. */
export const Dialog = DialogPrimitive.Root;

export const overlayClass = 'fixed inset-0 z-[60] bg-gray-900/50 backdrop-blur-[2px]';
export const contentClass =
  'fixed top-1/2 left-1/2 z-[61] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white shadow-xl focus:outline-none dark:bg-gray-900';

type AutoFocusHandler = (event: Event) => void;

/**
 * Gives the focus back, on close, to whatever had it when the dialog opened. Radix returns it to a
 * Dialog.Trigger only, and these dialogs are also opened by code (a shortcut, an address, a question).
 */
export function useReturnFocus(props: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (returnTo.current?.isConnected) returnTo.current.focus();
    },
  };
}

export function DialogContent({
  className,
  children,
  closeLabel,
  padded = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** The accessible name of the corner close button; no button without it. */
  closeLabel?: string;
  /** False for content that brings its own spacing (a command list). */
  padded?: boolean;
}) {
  const returnFocus = useReturnFocus(props);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={clsx(contentClass, padded && 'p-5 sm:p-8', className ?? 'max-w-lg')}
        {...props}
        {...returnFocus}
      >
        {children}
        {closeLabel && (
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-4 right-4 rounded-full p-2 text-gray-400 hover:bg-gray-100 hover:text-gray-700 dark:hover:bg-white/5"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('mb-6 pr-10', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('mt-6 flex flex-wrap justify-end gap-3', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={clsx('text-2xl font-semibold text-gray-800 dark:text-white/90', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={clsx('text-sm text-muted', className)} {...props} />;
}
