import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { suppressionCreateSchema, type SuppressionCreate } from '@blaster/contract';
import { t } from '../../../i18n';
import { Button, showFieldErrors, TextField } from '../../../components/form';
import { PageCard } from '../../../components/data-table';
import { callEndpoint } from '../../../lib/api';
import { suppressionKeys } from '../api';

/** The card that adds a number to the suppression list by hand. */
export function SuppressionAddCard() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SuppressionCreate>({
    resolver: zodResolver(suppressionCreateSchema),
    defaultValues: { number: '', note: '' },
  });
  const add = useMutation({
    mutationFn: (body: SuppressionCreate) => callEndpoint('suppressionCreate', { body }),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      reset();
      await queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
    },
    onError: showFieldErrors(setError),
  });

  return (
    <PageCard title={t('suppression.addTitle')}>
      <form
        onSubmit={handleSubmit((body) => add.mutate(body))}
        noValidate
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <TextField
          id="suppression-number"
          label={t('phone.number')}
          inputMode="tel"
          error={errors.number?.message}
          {...register('number')}
        />
        <TextField
          id="suppression-note"
          label={t('suppression.note')}
          optional
          error={errors.note?.message}
          {...register('note')}
        />
        <Button type="submit" loading={add.isPending} disabled={add.isPending}>
          {t('suppression.add')}
        </Button>
      </form>
    </PageCard>
  );
}
