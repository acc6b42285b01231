import { useState } from 'react';
import { AB_TEST_ROLES, type AbTestRow } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { LoadFailed } from '../../components/LoadFailed';
import { useSession } from '../../lib/session';
import { isRunning, useAbTests } from './api';
import { AbTestChart } from './components/AbTestChart';
import { CancelAbTestButton } from './components/CancelAbTestButton';
import { AbTestForm } from './components/AbTestForm';
import { AbTestResult } from './components/AbTestResult';

function AbTestItem({ test, mayCancel }: { test: AbTestRow; mayCancel: boolean }) {
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-gray-800 dark:text-white/90">
          {t('abtests.title', { id: test.id, account: test.account ?? `#${test.whatsapp_id}` })}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-700 dark:bg-white/5 dark:text-gray-300">
            {t(`abtests.status.${test.status}`)}
          </span>
          {mayCancel && isRunning(test) && <CancelAbTestButton test={test} />}
        </div>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t('abtests.summary', {
          sample: formatNumber(test.sample_size),
          wait: formatNumber(test.wait_minutes),
          metric: t(`abtests.metric.${test.metric}`),
        })}
      </p>
      <AbTestChart test={test} />
      <AbTestResult test={test} />
    </li>
  );
}

function AbTestList({ mayCancel }: { mayCancel: boolean }) {
  const tests = useAbTests();
  if (tests.isPending) return <p role="status">{t('abtests.loading')}</p>;
  if (tests.isError)
    return (
      <LoadFailed
        message={t('abtests.loadFailed')}
        retry={t('abtests.retry')}
        onRetry={() => void tests.refetch()}
      />
    );
  if (tests.data.list.length === 0) return <p className="text-sm text-muted">{t('abtests.empty')}</p>;
  return (
    <ul className="divide-y divide-gray-100 dark:divide-gray-800">
      {tests.data.list.map((test) => (
        <AbTestItem key={test.id} test={test} mayCancel={mayCancel} />
      ))}
    </ul>
  );
}

/** /abtests: A/B tests of templates on a blast, started here, with each test's numbers. */
export function AbTestsPage() {
  const [creating, setCreating] = useState(false);
  const { user } = useSession();
  const mayStart = user ? AB_TEST_ROLES.includes(user.role) : false;
  return (
    <>
      <Breadcrumb title={t('route./abtests')} />
      <div className="space-y-6">
        {creating && (
          <PageCard title={t('abtests.new')}>
            <AbTestForm onDone={() => setCreating(false)} />
          </PageCard>
        )}
        <PageCard
          title={t('abtests.list')}
          actions={
            mayStart &&
            !creating && (
              <Button type="button" className="py-2" onClick={() => setCreating(true)}>
                {t('abtests.new')}
              </Button>
            )
          }
        >
          <AbTestList mayCancel={mayStart} />
        </PageCard>
      </div>
    </>
  );
}
