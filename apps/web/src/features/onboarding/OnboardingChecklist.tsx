import { useState } from 'react';
import { Link } from 'react-router';
import { CircleCheck, Circle, X } from 'lucide-react';
import clsx from 'clsx';
import { ONBOARDING_STEPS_BY_ROLE, type OnboardingStep, type User } from '@blaster/contract';
import { t } from '../../i18n';
import { Button } from '../../components/form';
import { DEMO_NUMBERS, useCreateDemoData, useOnboarding } from './api';
import { hideChecklist, isChecklistHidden } from './hidden';
import { STEP_LINKS } from './steps';

const stepTitle = (id: OnboardingStep) => t(`onboarding.step.${id}`);

function DemoDataButton() {
  const create = useCreateDemoData();
  return (
    <Button
      type="button"
      variant="outline"
      className="px-3 py-1.5"
      loading={create.isPending}
      disabled={create.isPending}
      onClick={() => create.mutate()}
    >
      {create.isPending ? t('onboarding.demoDataCreating') : stepTitle('demoData')}
    </Button>
  );
}

/** One step: ticked or not (said to screen readers too), a link to its screen, and a hint. */
function StepItem({ id, done }: { id: OnboardingStep; done: boolean }) {
  const Icon = done ? CircleCheck : Circle;
  return (
    <li className="flex gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800">
      <Icon
        className={clsx('mt-0.5 size-5 shrink-0', done ? 'text-success' : 'text-muted')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <span className="sr-only">{done ? t('onboarding.stepDone') : t('onboarding.stepOpen')} </span>
        {id === 'demoData' ? (
          <DemoDataButton />
        ) : (
          <Link
            to={STEP_LINKS[id]}
            className={clsx(
              'font-medium underline-offset-2 hover:underline',
              done ? 'text-gray-700 dark:text-gray-300' : 'text-brand-600 dark:text-brand-300',
            )}
          >
            {stepTitle(id)}
          </Link>
        )}
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t(`onboarding.hint.${id}`, { count: DEMO_NUMBERS })}
        </p>
      </div>
    </li>
  );
}

/**
 * The dashboard's "getting started" steps for the viewer's role (issue #30): each ticks itself when
 * the data it asks for exists. Shown until every step is done or the viewer hides it (remembered per
 * user on this browser); nothing shows while the steps load, so a finished setup never flashes it.
 */
export function OnboardingChecklist({ user }: { user: User }) {
  const ids = ONBOARDING_STEPS_BY_ROLE[user.role];
  const [hidden, setHidden] = useState(() => isChecklistHidden(user.id));
  const steps = useOnboarding(user, ids.length > 0 && !hidden);
  if (ids.length === 0 || hidden || !steps.data) return null;
  const done = new Set(steps.data.steps.filter((step) => step.done).map((step) => step.id));
  const count = ids.filter((id) => done.has(id)).length;
  if (count === ids.length) return null;

  return (
    <section
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
      className="mb-6 rounded-2xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-white/[0.03]"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="onboarding-title" className="text-lg font-semibold text-gray-800 dark:text-white/90">
            {t('onboarding.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t('onboarding.progress', { done: count, total: ids.length })}
          </p>
        </div>
        <button
          type="button"
          aria-label={t('onboarding.hideLabel')}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1.5 text-sm text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-gray-400 dark:hover:bg-white/5"
          onClick={() => {
            hideChecklist(user.id);
            setHidden(true);
          }}
        >
          <X className="size-4" aria-hidden="true" />
          {t('onboarding.hide')}
        </button>
      </div>
      <ol aria-labelledby="onboarding-title" className="mt-4 space-y-3">
        {ids.map((id) => (
          <StepItem key={id} id={id} done={done.has(id)} />
        ))}
      </ol>
    </section>
  );
}
