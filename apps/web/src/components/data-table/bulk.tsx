import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatNumber, messages } from '../../i18n';
import { errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import type { BulkActions } from './pager';
import { dangerLinkClass, smallLinkClass } from './row-actions';

/** One button of a list's selection bar. */
export interface BulkChoice<T> {
  label: string;
  danger?: boolean;
  /** The question asked first, given the count chosen, and its confirm button; none: it runs at once. */
  ask?: { question(count: string): string; confirm: string };
  /** Does the action; answers the toast's text, or nothing for one that says nothing (a download). */
  run(chosen: T[]): Promise<string | void>;
}

/**
 * The selection bar of a list: each choice asked first when it changes data, then run; the toast says
 * how many rows changed, the list is read again and the choice is cleared.
 */
export function useBulkChoices<T>({
  describe,
  choices,
  refresh,
}: {
  describe(row: T): string;
  choices: BulkChoice<T>[];
  /** The queries the actions change. */
  refresh: QueryKey;
}): BulkActions<T> {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: ({ choice, chosen }: { choice: BulkChoice<T>; chosen: T[]; clear(): void }) =>
      choice.run(chosen),
    onSuccess: async (said, { clear }) => {
      clear();
      if (said) toast.success(said);
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error) => toast.error(errorText(error, messages().networkError)),
  });
  const start = async (choice: BulkChoice<T>, chosen: T[], clear: () => void) => {
    if (
      choice.ask &&
      !(await confirmDialog(choice.ask.question(formatNumber(chosen.length)), choice.ask.confirm))
    )
      return;
    run.mutate({ choice, chosen, clear });
  };
  return {
    describe,
    render: (chosen, clear) =>
      choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className={choice.danger ? dangerLinkClass : smallLinkClass}
          disabled={run.isPending}
          onClick={() => void start(choice, chosen, clear)}
        >
          {choice.label}
        </button>
      )),
  };
}
