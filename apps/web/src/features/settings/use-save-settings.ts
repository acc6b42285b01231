import type { UseFormSetError } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { settingUpdateSchema, type SettingForm } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { showFieldErrors } from '../../components/form';
import { callEndpoint } from '../../lib/api';
import { settingKeys } from './api';
import { levelKeys } from '../levels/api';

/** Saves the settings; the levels' list is read again, since their colours come from here. */
export function useSaveSettings(setError: UseFormSetError<SettingForm>) {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
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
    onError: showFieldErrors(setError),
  });
}
