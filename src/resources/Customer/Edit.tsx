/**
 * A customer's card (`/Customer/{id}`): the generic edit form, then 'Situazione contabile' (issue 29),
 * 'Incarichi professionali' (issue 49), 'Area clienti' (issue 50),
 * 'Solleciti' (issue 30) and 'Antiriciclaggio' (issue 48).
 */
import { getModel } from '../../../model/registry';
import { ModelEdit } from '../../form/GenericForm';
import { CustomerAml } from './Aml';
import { CustomerOpenItems } from './OpenItems';
import { CustomerReminders } from './Reminders';
import { CustomerEngagements } from './Engagements';
import { CustomerPortal } from './Portal';

export default function CustomerEdit() {
  return (
    <ModelEdit model={getModel('Customer')}>
      <CustomerOpenItems />
      <CustomerEngagements />
      <CustomerPortal />
      <CustomerReminders />
      <CustomerAml />
    </ModelEdit>
  );
}
