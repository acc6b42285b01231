import type { ComponentProps } from 'react';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import clsx from 'clsx';
import { contentClass, overlayClass, useReturnFocus } from './dialog';

/**
 * A dialog that asks or tells something the user must answer: focus starts on Cancel (else the
 * first button), stays inside, Escape cancels, and focus goes back where it was.
 */
export const AlertDialog = AlertDialogPrimitive.Root;

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClass} />
      <AlertDialogPrimitive.Content
        className={clsx(contentClass, 'max-w-md p-6 text-center sm:p-8', className)}
        {...props}
        {...useReturnFocus(props)}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title
      className={clsx('text-xl font-semibold text-gray-800 dark:text-white/90', className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      className={clsx('mt-2 text-sm break-words text-gray-600 dark:text-gray-400', className)}
      {...props}
    />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('mt-6 flex flex-wrap justify-center gap-3', className)} {...props} />;
}

const buttonClass =
  'inline-flex min-w-24 items-center justify-center rounded-lg px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2';

export function AlertDialogAction({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return (
    <AlertDialogPrimitive.Action
      className={clsx(
        buttonClass,
        'bg-brand-500 text-white hover:bg-brand-600 focus-visible:outline-brand-500',
        className,
      )}
      {...props}
    />
  );
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={clsx(
        buttonClass,
        'border border-gray-300 text-gray-700 hover:bg-gray-50 focus-visible:outline-brand-500 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5',
        className,
      )}
      {...props}
    />
  );
}
