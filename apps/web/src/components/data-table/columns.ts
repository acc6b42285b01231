import type { ColumnDef, RowData } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The type parameters must match the library's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * A column the table drops while its box is narrower than 64rem (the card view keeps it),
     * so that the remaining ones, the Action column above all, fit without a side scroll.
     */
    secondary?: boolean;
    /** The `sort` value the list's server takes for this column; with it the header sorts the list. */
    sortKey?: string;
    /**
     * A second sort of a column that shows two values (a name with its e-mail under it): a smaller
     * button after the header's own, named by `label`.
     */
    alsoSortBy?: { key: string; label(): string };
    /**
     * A figure (money, a count): kept on one line, as 'Rp' and its amount belong together, in digits
     * of one width so that the column's figures line up. A date and its time may take two lines: on
     * one they left the phone list no room at 1280 px.
     */
    figure?: boolean;
  }
}

/** Column helpers type each column by its value; `any` is how the table library takes a mixed list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Columns<T> = ColumnDef<T, any>[];

/** The id every list gives its row actions column: shown last, as buttons, on a card. */
export const ACTION_COLUMN_ID = 'action';
/** The id of the checkbox column a list with bulk actions puts first. */
export const SELECT_COLUMN_ID = 'select';
