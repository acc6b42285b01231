import { toast } from 'sonner';
import type { AbTestRow } from '@blaster/contract';
import { messageText, t } from '../../../i18n';
import { Button } from '../../../components/form';
import { confirmDialog } from '../../../lib/dialogs';
import { errorText } from '../../../lib/api';
import { useCancelAbTest } from '../api';

/** Ends a test under way after asking: its samples stay on record, its account's blast stops. */
export function CancelAbTestButton({ test }: { test: AbTestRow }) {
  const cancel = useCancelAbTest();
  const onClick = async () => {
    if (!(await confirmDialog(t('abtests.cancelConfirm', { id: test.id }), t('abtests.cancelTest')))) return;
    try {
      toast.success(messageText((await cancel.mutateAsync(test.id)).msg));
    } catch (error) {
      toast.error(errorText(error, t('abtests.loadFailed')));
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      className="py-1.5 text-sm"
      loading={cancel.isPending}
      disabled={cancel.isPending}
      onClick={() => void onClick()}
    >
      {t('abtests.cancelTest')}
    </Button>
  );
}
