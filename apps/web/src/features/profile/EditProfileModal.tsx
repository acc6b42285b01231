import { splitList, type User } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Alert, Button } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api';
import { useProfileSettings } from './api';
import { useEditProfile } from './use-edit-profile';
import { ProfileIdentityFields } from './components/ProfileIdentityFields';
import { BankAccountFields } from './components/BankAccountFields';

export function EditProfileModal({ user, onClose }: { user: User; onClose(): void }) {
  const MSG = useMessages();
  const settings = useProfileSettings();
  const banks = splitList(settings.data?.setting.bank_names);
  const { form, save, askCurrentPassword, onSubmit } = useEditProfile(user, banks, onClose);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('profile.editTitle')}</DialogTitle>
          <DialogDescription>{t('profile.editSubtitle')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate>
          <div className="h-[450px] space-y-5 overflow-y-auto px-1 pb-3">
            {save.error && Object.keys((save.error as ApiError).errors ?? {}).length === 0 && (
              <Alert>{errorText(save.error, MSG.errorUpdatingUser)}</Alert>
            )}
            <ProfileIdentityFields
              register={register}
              errors={errors}
              askCurrentPassword={askCurrentPassword}
            />
            <h3 className="pt-2 text-lg font-medium text-gray-800 dark:text-white/90">
              {t('profile.bankAccount')}
            </h3>
            <BankAccountFields
              register={register}
              errors={errors}
              banks={banks}
              banksLoading={settings.isPending}
            />
          </div>
          <div className="mt-6 flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              {MSG.cancel}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? MSG.saving : MSG.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
