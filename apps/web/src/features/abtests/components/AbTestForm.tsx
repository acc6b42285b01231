import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  AB_TEST_MAX_VARIANTS,
  AB_TEST_METRICS,
  abTestBodySchema,
  fieldErrors,
  type AbTestMetric,
} from '@blaster/contract';
import { messageText, t, tValue } from '../../../i18n';
import { Alert, Button, FieldError, Label, TextField, inputClass } from '../../../components/form';
import { errorText } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useAccountsOf } from '../../whatsapp/api';
import { useSegments } from '../../segments/api';
import { useAbTestTemplates, useCreateAbTest } from '../api';

interface Values {
  whatsapp_id: string;
  segment_id: string;
  template_ids: number[];
  sample_size: string;
  wait_minutes: string;
  metric: AbTestMetric;
}

const START: Values = {
  whatsapp_id: '',
  segment_id: '',
  template_ids: [],
  sample_size: '100',
  wait_minutes: '60',
  metric: 'reply',
};

/** The form's values as the contract's body: empty choices become what the schema refuses or null. */
const bodyOf = (values: Values) => ({
  ...values,
  whatsapp_id: values.whatsapp_id === '' ? 0 : Number(values.whatsapp_id),
  segment_id: values.segment_id === '' ? null : Number(values.segment_id),
});

/** What each group of the form's fields reads and changes. */
interface FieldProps {
  values: Values;
  errors: Record<string, string>;
  set: (change: Partial<Values>) => void;
}

/** The account, the audience and the variants: what the test sends and from where. */
function WhereFields({ values, errors, set }: FieldProps) {
  const { user } = useSession();
  const accounts = useAccountsOf(user?.id);
  const segments = useSegments();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <Label htmlFor="abtest-account">{t('abtests.account')}</Label>
        <select
          id="abtest-account"
          className={inputClass(Boolean(errors.whatsapp_id))}
          value={values.whatsapp_id}
          aria-describedby={errors.whatsapp_id ? 'abtest-account-error' : undefined}
          onChange={(event) => set({ whatsapp_id: event.target.value })}
        >
          <option value="">{t('common.chooseAccount')}</option>
          {accounts.data?.list.map((account) => (
            <option key={account.id} value={account.id}>
              {account.phonenumber ?? account.clientid} ({tValue('state', account.state ?? 'unknown')})
            </option>
          ))}
        </select>
        <FieldError id="abtest-account-error" message={errors.whatsapp_id} />
      </div>
      <div>
        <Label htmlFor="abtest-segment">{t('segments.audience')}</Label>
        <select
          id="abtest-segment"
          className={inputClass()}
          value={values.segment_id}
          onChange={(event) => set({ segment_id: event.target.value })}
        >
          <option value="">{t('segments.allNumbers')}</option>
          {segments.data?.list.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The variants: 2 to 5 of the templates a test may use, in the order they are ticked. */
function VariantFields({
  chosen,
  error,
  onChange,
}: {
  chosen: number[];
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const templates = useAbTestTemplates(true);
  const list = templates.data?.list ?? [];
  const toggle = (id: number) =>
    onChange(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
  return (
    <fieldset aria-describedby={error ? 'abtest-templates-error' : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-gray-700 dark:text-gray-400">
        {t('abtests.templates')}
      </legend>
      {templates.isSuccess && list.length === 0 && (
        <p className="text-sm text-muted">{t('abtests.noTemplates')}</p>
      )}
      <ul className="max-h-64 space-y-2 overflow-y-auto">
        {list.map((template) => (
          <li key={template.id}>
            <label className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
              <input
                type="checkbox"
                className="mt-1"
                checked={chosen.includes(template.id)}
                disabled={!chosen.includes(template.id) && chosen.length >= AB_TEST_MAX_VARIANTS}
                onChange={() => toggle(template.id)}
              />
              <span className="break-words">
                #{template.id} {template.caption}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id="abtest-templates-error" message={error} />
    </fieldset>
  );
}

/** Sample size, wait and the metric that picks the winner. */
function RuleFields({ values, errors, set }: FieldProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        id="abtest-sample"
        label={t('abtests.sampleSize')}
        inputMode="numeric"
        value={values.sample_size}
        error={errors.sample_size}
        onChange={(event) => set({ sample_size: event.target.value })}
      />
      <TextField
        id="abtest-wait"
        label={t('abtests.waitMinutes')}
        inputMode="numeric"
        value={values.wait_minutes}
        error={errors.wait_minutes}
        onChange={(event) => set({ wait_minutes: event.target.value })}
      />
      <div>
        <Label htmlFor="abtest-metric">{t('abtests.metric')}</Label>
        <select
          id="abtest-metric"
          className={inputClass()}
          value={values.metric}
          onChange={(event) => set({ metric: event.target.value as AbTestMetric })}
        >
          {AB_TEST_METRICS.map((metric) => (
            <option key={metric} value={metric}>
              {t(`abtests.metric.${metric}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Starts a test: checked with the contract's schema here, and again by the server. */
export function AbTestForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<Values>(START);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAbTest();
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = abTestBodySchema.safeParse(bodyOf(values));
    setErrors(checked.success ? {} : fieldErrors(checked.error.issues));
    if (!checked.success) return;
    try {
      toast.success(messageText((await create.mutateAsync(checked.data)).msg));
      onDone();
    } catch (error) {
      setFailure(errorText(error, t('abtests.loadFailed')));
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={t('abtests.new')}
      className="space-y-5"
      noValidate
    >
      <WhereFields values={values} errors={errors} set={set} />
      <VariantFields
        chosen={values.template_ids}
        error={errors.template_ids}
        onChange={(template_ids) => set({ template_ids })}
      />
      <RuleFields values={values} errors={errors} set={set} />
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('abtests.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending} disabled={create.isPending}>
          {t('abtests.start')}
        </Button>
      </div>
    </form>
  );
}
