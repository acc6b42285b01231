import { useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PageCard,
  PagedTable,
  RefreshButton,
  useListParams,
  useListSearch,
} from '../../components/data-table';

import { useAuditLog } from './api';
import { auditColumns } from './components/audit-columns';
import { AuditFilters } from './components/AuditFilters';

/** /audit: every recorded change, newest first, filtered by action and actor (admin and dev). */
export function AuditListPage() {
  const MSG = useMessages();
  const { pageQuery, params, set } = useListParams();
  const searchBox = useListSearch();
  const search = searchBox.search;
  const action = params.get('action') ?? '';
  const actor = params.get('actor') ?? '';
  const targetType = params.get('target_type') ?? '';
  const targetId = params.get('target_id') ?? '';

  const query = new URLSearchParams(pageQuery);
  for (const [key, value] of Object.entries({
    search,
    action,
    actor,
    target_type: targetType,
    target_id: targetId,
  }))
    if (value) query.set(key, value);
  const list = useAuditLog(query.toString());
  const columns = auditColumns(set);

  return (
    <>
      <Breadcrumb title={MSG.auditListTitle} />
      <PageCard title={MSG.auditListTitle} actions={<RefreshButton onRefresh={() => list.refetch()} />}>
        <AuditFilters
          searchBox={searchBox}
          action={action}
          actor={actor}
          targetType={targetType}
          targetId={targetId}
          set={set}
        />
        <PagedTable
          label={MSG.auditListTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="audit"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
