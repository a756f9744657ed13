import { useListContext } from 'react-admin';

/**
 * The filter of a list's own calls (select-all, CSV, print): what the user chose plus the list's
 * permanent part (one parent's rows, a view's fixed filters and collection), so that they cover
 * the same rows the table shows.
 */
export function useQueryFilter(): Record<string, unknown> {
  const { filterValues, filter } = useListContext();
  return { ...filterValues, ...filter };
}
