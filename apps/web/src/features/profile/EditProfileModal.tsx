import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { profileFormSchema, splitList, type ProfileForm, type User } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import {
  Alert,
  Button,
  Label,
  TextInput,
  inputClass,
  showFieldErrors,
  TextField,
} from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { ApiError } from '../../lib/api';
import { callEndpoint, errorText } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { useProfileSettings, userKeys } from './api';

export function EditProfileModal({ user, onClose }: { user: User; onClose(): void }) {
  const MSG = useMessages();
  const settings = useProfileSettings();
  const banks = splitList(settings.data?.setting.bank_names);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      password: '',
      current_password: '',
      account_name: user.account_name ?? '',
      account_bank: user.account_bank ?? '',
      account_number: user.account_number ?? '',
    },
  });

  // The bank choice defaults to the first bank of the settings.
  useEffect(() => {
    if (banks.length > 0 && !getValues('account_bank')) setValue('account_bank', banks[0]!);
  }, [banks, getValues, setValue]);

  const queryClient = useQueryClient();
  // Changing the password or the e-mail takes the current password (the server checks it too).
  const needsCurrentPassword = (form: Pick<ProfileForm, 'password' | 'email'>) =>
    Boolean(form.password) || form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const askCurrentPassword = needsCurrentPassword({ password: watch('password'), email: watch('email') });

  const save = useMutation({
    mutationFn: ({ current_password, ...form }: ProfileForm) =>
      callEndpoint(
        'userUpdate',
        {
          params: { id: user.id },
          body: {
            ...form,
            password: form.password || undefined,
            current_password: needsCurrentPassword(form) ? current_password : undefined,
          },
        },
        { fallback: MSG.errorUpdatingUser },
      ),
    onSuccess: (answer) => {
      saveUser(answer.user);
      // The profile card shows the server's copy of the user: it takes the saved values at once.
      queryClient.setQueryData<User>(userKeys.detail(user.id), (shown) =>
        shown && 'firstname' in shown ? { ...shown, ...answer.user } : shown,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
      toast.success(MSG.profileSaved);
      onClose();
    },
    onError: showFieldErrors(setError),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('profile.editTitle')}</DialogTitle>
          <DialogDescription>{t('profile.editSubtitle')}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={handleSubmit((form) => {
            if (needsCurrentPassword(form) && !form.current_password) {
              setError('current_password', { type: 'required', message: MSG.currentPasswordRequired });
              return;
            }
            save.mutate(form);
          })}
          noValidate
        >
          <div className="h-[450px] space-y-5 overflow-y-auto px-1 pb-3">
            {save.error && Object.keys((save.error as ApiError).errors ?? {}).length === 0 && (
              <Alert>{errorText(save.error, MSG.errorUpdatingUser)}</Alert>
            )}
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <TextField
                id="profile-firstname"
                label={t('auth.firstName')}
                error={errors.firstname?.message}
                {...register('firstname')}
              />
              <TextField
                id="profile-lastname"
                label={t('auth.lastName')}
                error={errors.lastname?.message}
                {...register('lastname')}
              />
              <TextField
                id="profile-email"
                label={t('common.email')}
                error={errors.email?.message}
                fieldClassName="sm:col-span-2"
                type="email"
                {...register('email')}
              />
              <TextField
                id="profile-password"
                label={t('profile.newPassword')}
                optional
                password
                fieldClassName="sm:col-span-2"
                autoComplete="new-password"
                placeholder={t('profile.newPasswordPlaceholder')}
                error={errors.password?.message}
                {...register('password')}
              />
              {askCurrentPassword && (
                <TextField
                  id="profile-current-password"
                  label={t('profile.currentPassword')}
                  password
                  fieldClassName="sm:col-span-2"
                  autoComplete="current-password"
                  error={errors.current_password?.message}
                  {...register('current_password')}
                />
              )}
            </div>
            <h3 className="pt-2 text-lg font-medium text-gray-800 dark:text-white/90">
              {t('profile.bankAccount')}
            </h3>
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Label htmlFor="profile-account-name" optional>
                  {t('profile.accountName')}
                </Label>
                <TextInput id="profile-account-name" {...register('account_name')} />
              </div>
              <div>
                <Label htmlFor="profile-account-bank" optional>
                  {t('profile.bank')}
                </Label>
                {banks.length > 0 ? (
                  <select id="profile-account-bank" className={inputClass()} {...register('account_bank')}>
                    {banks.map((bank) => (
                      <option key={bank} value={bank}>
                        {bank}
                      </option>
                    ))}
                  </select>
                ) : (
                  <p className="flex h-11 items-center text-sm text-gray-500 dark:text-gray-400">
                    {settings.isPending ? MSG.loading : MSG.noBanks}
                  </p>
                )}
              </div>
              <TextField
                id="profile-account-number"
                label={t('profile.accountNumber')}
                optional
                error={errors.account_number?.message}
                inputMode="numeric"
                {...register('account_number')}
              />
            </div>
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
