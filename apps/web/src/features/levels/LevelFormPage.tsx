import { useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, MSG, levelBodySchema, type Level, type LevelBody } from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { Button, FieldError, Label, TextInput } from '../../components/form';
import { PageCard } from '../../components/list';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { successDialog } from '../../lib/dialogs';

/** /level/create and /level/edit?id= share this screen; success dialog, then back. */
export function LevelFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : null;
  const level = useQuery({
    queryKey: ['level', id],
    enabled: id !== null,
    retry: false,
    queryFn: () => apiRequest<{ level: Level }>(API.level(id!), { fallback: MSG.errorFetchingLevel }),
  });
  const title = id === null ? MSG.addLevel : 'Edit Level';
  let body;
  if (id === null)
    body = <LevelForm id={null} defaults={{ name: '', blast_fee: '', requirement_blast: '' }} />;
  else if (level.isError)
    body = <p className="text-sm text-red-500">{errorText(level.error, MSG.errorFetchingLevel)}</p>;
  else if (!level.data) body = <p>{MSG.loading}</p>;
  else body = <LevelForm id={id} defaults={level.data.level} />;
  return (
    <>
      <Breadcrumb title={title} />
      <PageCard title={title}>{body}</PageCard>
    </>
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
    onError: (error) => {
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.errors))
          setError(field as keyof LevelBody, { type: 'server', message });
    },
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
