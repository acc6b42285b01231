import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, MSG, levelBodySchema, type Level, type LevelBody } from '@blaster/contract';
import { Button, FieldError, Label, TextInput, showFieldErrors } from '../../components/form';
import { RecordPage } from '../../components/RecordPage';
import type { ApiError } from '../../lib/api';
import { apiRequest, errorText } from '../../lib/api';
import { successDialog } from '../../lib/dialogs';

/** /level/create and /level/edit?id= share this screen; success dialog, then back. */
export function LevelFormPage() {
  return (
    <RecordPage
      title={{ create: MSG.addLevel, edit: 'Edit Level' }}
      creates
      queryKey={['level']}
      path={API.level}
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LevelBody>({ resolver: zodResolver(levelBodySchema), defaultValues: defaults });
  const save = useMutation({
    mutationFn: (body: LevelBody) =>
      apiRequest<{ msg: string }>(id === null ? API.levelCreate : API.level(id), {
        method: id === null ? 'POST' : 'PUT',
        body: levelBodySchema.parse(body),
        fallback: MSG.errorSavingLevel,
      }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ['levels'] });
      await successDialog(answer.msg);
      void navigate(-1);
    },
    onError: showFieldErrors(setError),
  });
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <div>
        <Label htmlFor="level-name">Nama Level</Label>
        <TextInput id="level-name" invalid={Boolean(errors.name)} {...register('name')} />
        <FieldError id="level-name-error" message={errors.name?.message} />
      </div>
      <div>
        <Label htmlFor="level-fee">Blast Fee (Rp per blast)</Label>
        <TextInput
          id="level-fee"
          type="number"
          min={0}
          inputMode="numeric"
          invalid={Boolean(errors.blast_fee)}
          {...register('blast_fee')}
        />
        <FieldError id="level-fee-error" message={errors.blast_fee?.message} />
      </div>
      <div>
        <Label htmlFor="level-requirement">Minimal Blast</Label>
        <TextInput
          id="level-requirement"
          type="number"
          min={0}
          inputMode="numeric"
          invalid={Boolean(errors.requirement_blast)}
          {...register('requirement_blast')}
        />
        <FieldError id="level-requirement-error" message={errors.requirement_blast?.message} />
      </div>
      {save.error && Object.keys((save.error as ApiError).errors ?? {}).length === 0 && (
        <p className="text-sm text-red-500">{MSG.editError(errorText(save.error))}</p>
      )}
      <Button type="submit" loading={save.isPending} disabled={save.isPending}>
        {save.isPending ? MSG.saving : MSG.save}
      </Button>
    </form>
  );
}
