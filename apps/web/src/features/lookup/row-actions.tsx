import { Link } from 'react-router';
import type { LookupKind, LookupRow } from '@blaster/contract';
import { t } from '../../i18n';
import { dangerLinkClass, smallLinkClass } from '../../components/data-table';
import type { LookupActions } from './use-lookup-actions';

/** A job's controls: start or stop, download; edit and delete while it is not running. */
export function LookupRowActions({
  kind,
  row,
  actions,
}: {
  kind: LookupKind;
  row: LookupRow;
  actions: LookupActions;
}) {
  const { busy } = actions;
  if (busy[row.id]) return <span className="text-xs font-medium">{busy[row.id]}</span>;
  const running = row.status === 'running';
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className={running ? dangerLinkClass : smallLinkClass}
        onClick={() => void actions.control(row, running ? 'stop' : 'start')}
      >
        {running ? t('common.stop') : t('common.start')}
      </button>
      <button type="button" className={smallLinkClass} onClick={() => void actions.download(row)}>
        {t('common.download')}
      </button>
      {!running && (
        <>
          <Link className={smallLinkClass} to={`/${kind}/create?id=${row.id}`}>
            {t('common.edit')}
          </Link>
          <button type="button" className={dangerLinkClass} onClick={() => void actions.remove(row)}>
            {t('common.delete')}
          </button>
        </>
      )}
    </div>
  );
}
