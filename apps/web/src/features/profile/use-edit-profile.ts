import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { profileFormSchema, type ProfileForm, type User } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { showFieldErrors } from '../../components/form';
import { callEndpoint } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { userKeys } from './api';

/** The profile editor's form, its save and the rule that asks for the current password. */
export function useEditProfile(user: User, banks: string[], onClose: () => void) {
  const MSG = useMessages();
  const form = useForm<ProfileForm>({
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
  const { setError, setValue, getValues, watch } = form;

  // The bank choice defaults to the first bank of the settings.
  useEffect(() => {
    if (banks.length > 0 && !getValues('account_bank')) setValue('account_bank', banks[0]!);
  }, [banks, getValues, setValue]);

  const queryClient = useQueryClient();
  // Changing the password or the e-mail takes the current password (the server checks it too).
  const needsCurrentPassword = (values: Pick<ProfileForm, 'password' | 'email'>) =>
    Boolean(values.password) || values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const askCurrentPassword = needsCurrentPassword({ password: watch('password'), email: watch('email') });

  const save = useMutation({
    mutationFn: ({ current_password, ...values }: ProfileForm) =>
      callEndpoint(
        'userUpdate',
        {
          params: { id: user.id },
          body: {
            ...values,
            password: values.password || undefined,
            current_password: needsCurrentPassword(values) ? current_password : undefined,
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

  const onSubmit = form.handleSubmit((values) => {
    if (needsCurrentPassword(values) && !values.current_password) {
      setError('current_password', { type: 'required', message: MSG.currentPasswordRequired });
      return;
    }
    save.mutate(values);
  });

  return { form, save, askCurrentPassword, onSubmit };
}
