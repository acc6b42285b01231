import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { userCreateSchema, type UserCreate } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { showFieldErrors } from '../../components/form';
import { callEndpoint } from '../../lib/api';
import { staffUserKeys } from './api';

/** The new operator's form; a saved one empties it and refreshes the list. */
export function useCreateUser() {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const form = useForm<UserCreate>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { firstname: '', lastname: '', email: '', password: '', role: 'staff' },
  });
  const { reset, setError } = form;
  const create = useMutation({
    mutationFn: (values: UserCreate) =>
      callEndpoint('userCreate', { body: values }, { fallback: MSG.networkError }),
    onSuccess: async ({ user }) => {
      toast.success(t('users.added', { email: user.email }));
      reset();
      await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
    },
    onError: showFieldErrors(setError),
  });
  const onSubmit = form.handleSubmit((values) => create.mutate(values));
  return { form, create, onSubmit };
}
