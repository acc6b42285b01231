import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { settingUpdateSchema, type Setting, type SettingForm } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { showFieldErrors } from '../../components/form';
import { callEndpoint } from '../../lib/api';
import { settingKeys } from './api';
import { levelKeys } from '../levels/api';

/** The settings form from the server's copy, and its save: levels read the colours, so they reload too. */
export function useSettingsForm(defaults: Setting) {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const form = useForm<SettingForm>({ resolver: zodResolver(settingUpdateSchema), defaultValues: defaults });
  const save = useMutation({
    mutationFn: (values: SettingForm) =>
      callEndpoint(
        'settingUpdate',
        { body: settingUpdateSchema.parse(values) },
        { fallback: MSG.errorSavingSetting },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingKeys.all, answer);
      void queryClient.invalidateQueries({ queryKey: levelKeys.all });
      toast.success(MSG.settingsSaved);
    },
    onError: showFieldErrors(form.setError),
  });
  return { form, save };
}
