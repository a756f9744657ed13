/**
 * The title of one customer's list (`/table/{Model}/{customer id}`, from the customer's row or
 * card): '{what} - {business name}' once the customer is read; the list's own title elsewhere.
 */
import { useGetOne } from 'react-admin';
import { PageTitle } from '../layout/PageTitle';

export const customerListTitle = (what: string) =>
  function CustomerTitle({ parentId, fallback }: { parentId?: string; fallback: string }) {
    const { data } = useGetOne<{ id: number; business_name?: string }>(
      'Customer',
      { id: Number(parentId) },
      { enabled: !!parentId },
    );
    return (
      <PageTitle title={parentId ? `${what}${data?.business_name ? ` - ${data.business_name}` : ''}` : fallback} />
    );
  };
