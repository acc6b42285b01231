import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelBodySchema, type Level, type LevelBody } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Button, showFieldErrors, TextField } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { RecordPage } from '../../components/RecordPage';
import type { ApiError } from '../../lib/api';
import { callEndpoint, errorText } from '../../lib/api';
import { successDialog } from '../../lib/dialogs';
import { levelKeys } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/** /level/create and /level/edit?id= share this screen; success dialog, then back. */
export function LevelFormPage() {
  const MSG = useMessages();
  return (
    <RecordPage
      title={{ create: MSG.addLevel, edit: t('route./level/edit') }}
      creates
      queryKey={levelKeys.details()}
      path="levelGet"
      fallback={MSG.errorFetchingLevel}
      pick={(answer: { level: Level }) => answer.level}
    >
      {(level) =>
        level ? (
          <LevelForm id={level.id} defaults={level} />
        ) : (
          <LevelForm id={null} defaults={{ name: '', blast_fee: '', requirement_blast: '' }} />
        )
      }
    </RecordPage>
  );
}

function LevelForm({ id, defaults }: { id: number | null; defaults: LevelBody }) {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LevelBody>({ resolver: zodResolver(levelBodySchema), defaultValues: defaults });
  const save = useMutation({
    mutationFn: (body: LevelBody) =>
      id === null
        ? callEndpoint(
            'levelCreate',
            { body: levelBodySchema.parse(body) },
            { fallback: MSG.errorSavingLevel },
          )
        : callEndpoint(
            'levelUpdate',
            { params: { id }, body: levelBodySchema.parse(body) },
            { fallback: MSG.errorSavingLevel },
          ),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: levelKeys.all });
      await successDialog(answer.msg);
      returnToList(null);
    },
    onError: showFieldErrors(setError),
  });
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <TextField
        id="level-name"
        label={t('levels.name')}
        error={errors.name?.message}
        {...register('name')}
      />
      <MoneyField
        control={control}
        name="blast_fee"
        id="level-fee"
        label={t('levels.blastFee')}
        hint={t('levels.feeHint')}
      />
      <TextField
        id="level-requirement"
        label={t('levels.minBlast')}
        error={errors.requirement_blast?.message}
        type="number"
        min={0}
        inputMode="numeric"
        {...register('requirement_blast')}
      />
      {save.error && Object.keys((save.error as ApiError).errors ?? {}).length === 0 && (
        <p className="text-sm text-danger">{MSG.editError(errorText(save.error))}</p>
      )}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
