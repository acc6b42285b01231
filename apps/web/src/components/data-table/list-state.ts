import { useState } from 'react';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useListParams } from './params';
import type { SortState } from './table';

/**
 * The sort a list keeps in the address (`sort`, `dir`): a header asks ascending, then descending,
 * then the list's own order again; each change starts again at page 1.
 */
export function useListSort(): SortState {
  const { params, set } = useListParams();
  const key = params.get('sort');
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  return {
    key,
    dir,
    onSort: (next) => {
      if (key !== next) set({ sort: next, dir: null, page: 1 });
      else if (dir === 'asc') set({ dir: 'desc', page: 1 });
      else set({ sort: null, dir: null, page: 1 });
    },
  };
}

/**
 * The rows chosen on the page shown. The choice belongs to one address: another page, size, sort,
 * search or filter starts with nothing chosen, so an action never reaches rows no longer in sight.
 */
export function usePageSelection(address: string) {
  const [kept, setKept] = useState<{ address: string; rows: RowSelectionState }>({ address, rows: {} });
  const selected = kept.address === address ? kept.rows : {};
  const onChange: OnChangeFn<RowSelectionState> = (update) =>
    setKept((old) => {
      const current = old.address === address ? old.rows : {};
      return { address, rows: typeof update === 'function' ? update(current) : update };
    });
  return { selected, onChange, clear: () => setKept({ address, rows: {} }) };
}
