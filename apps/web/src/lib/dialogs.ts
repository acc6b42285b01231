import { showMessage } from '../components/ui/message-dialog';
import { messages, t } from '../i18n';

export { showMessage };

/** Success dialog the level and bonus forms show before going back, so the user knows it was saved. */
export async function successDialog(text: string) {
  await showMessage({ tone: 'success', title: t('common.success.title'), text, confirmText: t('common.ok') });
}

export async function errorDialog(title: string, text: string) {
  await showMessage({ tone: 'error', title, text, confirmText: t('common.ok') });
}

/** Asks before an action that cannot be undone; resolves true when confirmed (focus starts on Cancel). */
export async function confirmDialog(text: string, confirmButtonText: string) {
  const MSG = messages();
  return showMessage({
    tone: 'warning',
    title: MSG.areYouSure,
    text,
    confirmText: confirmButtonText,
    cancelText: MSG.cancel,
  });
}
