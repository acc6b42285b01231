import Swal from 'sweetalert2';
import { MSG, t } from '../i18n';

/** Success dialog the level and bonus forms show before going back (spec 02 §4). */
export async function successDialog(text: string) {
  await Swal.fire({
    icon: 'success',
    title: t('common.success.title'),
    text,
    confirmButtonText: t('common.ok'),
  });
}

export async function errorDialog(title: string, text: string) {
  await Swal.fire({ icon: 'error', title, text, confirmButtonText: t('common.ok') });
}

/** Asks before an action that cannot be undone; resolves true when confirmed. */
export async function confirmDialog(text: string, confirmButtonText: string) {
  const answer = await Swal.fire({
    icon: 'warning',
    title: MSG.areYouSure,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: MSG.cancel,
    focusCancel: true,
  });
  return answer.isConfirmed;
}
