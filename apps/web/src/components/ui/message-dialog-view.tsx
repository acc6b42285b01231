import { CircleAlert, CircleCheck, CircleX, Info } from 'lucide-react';
import clsx from 'clsx';
import { t } from '../../i18n';
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

const ICONS = { success: CircleCheck, error: CircleX, warning: CircleAlert, info: Info };
const ICON_COLOURS = {
  success: 'text-emerald-500',
  error: 'text-danger',
  warning: 'text-amber-500',
  info: 'text-sky-500',
};

/**
 * One message of `showMessage` on screen. Loaded with the first message (message-dialog.tsx), so the
 * dialog library is not part of every screen's first download.
 */
export default function MessageDialogView({
  current,
  settle,
}: {
  current: MessageOptions & { id: number };
  settle: (id: number, confirmed: boolean) => void;
}) {
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
