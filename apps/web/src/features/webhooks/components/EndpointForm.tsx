import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SUBSCRIBABLE_WEBHOOK_EVENTS } from '@blaster/contract';
import { Alert, Button, FieldError, TextField } from '../../../components/form';
import { ApiError, callEndpoint, errorText } from '../../../lib/api';
import { webhookKeys } from '../api';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEXT, type Draft, type SubscribableEvent } from '../texts';

/** Creates or updates the receiver; a new one's secret goes to `onSecret`, then the form closes. */
function useSaveEndpoint(
  value: Draft,
  onSecret: (secret: { url: string; secret: string }) => void,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const body = {
        url: value.url,
        description: value.description,
        events: value.events,
        active: value.active,
      };
      return value.id === null
        ? callEndpoint('webhookEndpointCreate', { body })
        : callEndpoint('webhookEndpointUpdate', { params: { id: value.id }, body });
    },
    onSuccess: async (answer) => {
      if ('secret' in answer && typeof answer.secret === 'string')
        onSecret({ url: answer.data.url, secret: answer.secret });
      toast.success(WEBHOOK_TEXT.saved);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() });
      onDone();
    },
  });
}

/** Adds or edits one endpoint: its address, what it hears, whether it is active. */
export function EndpointForm({
  draft,
  onDone,
  onSecret,
}: {
  draft: Draft;
  onDone(): void;
  onSecret(secret: { url: string; secret: string }): void;
}) {
  const [value, setValue] = useState(draft);
  const save = useSaveEndpoint(value, onSecret, onDone);
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const general = save.error && Object.keys(errors).length === 0 ? errorText(save.error) : null;
  const toggle = (event: SubscribableEvent) =>
    setValue((current) => ({
      ...current,
      events: current.events.includes(event)
        ? current.events.filter((item) => item !== event)
        : [...current.events, event],
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="mb-6 grid gap-4 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      {general && <Alert>{general}</Alert>}
      <TextField
        id="webhook-url"
        label={WEBHOOK_TEXT.url}
        placeholder="https://receiver.example.com/blaster"
        value={value.url}
        error={errors.url}
        onChange={(event) => setValue({ ...value, url: event.target.value })}
      />
      <TextField
        id="webhook-description"
        label={WEBHOOK_TEXT.description}
        optional
        value={value.description}
        error={errors.description}
        onChange={(event) => setValue({ ...value, description: event.target.value })}
      />
      <EventChoices chosen={value.events} error={errors.events} onToggle={toggle} />
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          checked={value.active}
          onChange={(event) => setValue({ ...value, active: event.target.checked })}
        />
        {WEBHOOK_TEXT.active}
      </label>
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {WEBHOOK_TEXT.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {WEBHOOK_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The events a receiver hears, each with its code and what it means. */
function EventChoices({
  chosen,
  error,
  onToggle,
}: {
  chosen: SubscribableEvent[];
  error: string | undefined;
  onToggle(event: SubscribableEvent): void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-gray-700 dark:text-gray-400">
        {WEBHOOK_TEXT.events}
        <span className="ml-0.5 text-danger">*</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {SUBSCRIBABLE_WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={chosen.includes(event)}
              onChange={() => onToggle(event)}
            />
            <span>
              <code className="text-xs">{event}</code>
              <span className="block text-xs text-muted">{WEBHOOK_EVENT_LABELS[event]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="webhook-events-error" message={error} />
    </fieldset>
  );
}
