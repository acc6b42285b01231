/** Lists: the table (cards on narrow screens), its pager, toolbar and row actions. */
export { type Columns } from './columns';
export { DataTable, type SortState } from './table';
export { PagedTable, type BulkActions } from './pager';
export { useBulkChoices, type BulkChoice } from './bulk';
export { AddLink, ExportButtons, ListFilters, RefreshButton, StatusFilter } from './toolbar';
export { PageCard } from './page-card';
export { useDebounced, useListParams, useListSearch } from './params';
export { useListSort } from './list-state';
export { dangerLinkClass, linkButtonClass, smallLinkClass, useDeleteRow } from './row-actions';
export { formatDateTime } from './format';
