/**
 * `/table/CustomersForCedolini` (seed B): the studio's customers with a cedolino rate above 0,
 * a permanent filter `cedolino_rate gt 0` over the Customer list call; a row opens the saved
 * payslips of the customer (`/cedolini_saved/{customer_id}`, CedoliniSavedView); the bulk
 * action 'Inserisci cedolini' saves a month for the selection (C48).
 */
import { Datagrid, List, NumberField, Pagination, SearchInput, TextField } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Guard } from '../resources';
import { PageTitle } from '../layout/PageTitle';
import { modelByName } from '../../model/registry';
import { CedoliniInsertButton } from './CedoliniInsertButton';

const TITLE = 'Cedolini - Clienti con costo cedolino';
/**
 * The Customer list call with the rate: the collection `CustomersForCedoliniCollection`
 * (business_name, email, cedolino_rate) once the Customer model declares it, else the default
 * collection (whose columns do not include the rate).
 */
export const CEDOLINI_COLLECTION = 'CustomersForCedoliniCollection';
const WITH_RATE = !!modelByName.get('Customer')?.collections?.[CEDOLINI_COLLECTION];
export const CEDOLINI_FILTER = {
  filters: [{ name: 'cedolino_rate', type: 'gt', val: [0] }],
  ...(WITH_RATE ? { collection: CEDOLINI_COLLECTION } : {}),
};

export function CustomersForCedolini() {
  const navigate = useNavigate();
  return (
    <Guard min="Collaboratore">
      <List resource="Customer" title={<PageTitle title={TITLE} />} filter={CEDOLINI_FILTER} storeKey="list.CustomersForCedolini"
        sort={{ field: 'business_name', order: 'ASC' }} perPage={25} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Cerca" />]}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />} disableSyncWithLocation exporter={false} empty={false}>
        <Datagrid size="small" bulkActionButtons={<CedoliniInsertButton />}
          rowClick={(id) => { navigate(`/cedolini_saved/${encodeURIComponent(String(id))}`); return false; }}>
          <TextField source="business_name" label="Ragione Sociale" />
          <TextField source="email" label="Email" emptyText="" />
          {WITH_RATE && <NumberField source="cedolino_rate" label="Costo cedolino" options={{ style: 'currency', currency: 'EUR' }} locales="it-IT" textAlign="right" />}
        </Datagrid>
      </List>
    </Guard>
  );
}
