/**
 * A customer's card (`/Customer/{id}`): the generic edit form, then 'Situazione contabile' (issue 29)
 * and 'Solleciti' (issue 30).
 */
import { getModel } from '../../../model/registry';
import { ModelEdit } from '../../form/GenericForm';
import { CustomerOpenItems } from './OpenItems';
import { CustomerReminders } from './Reminders';

export default function CustomerEdit() {
  return (
    <ModelEdit model={getModel('Customer')}>
      <CustomerOpenItems />
      <CustomerReminders />
    </ModelEdit>
  );
}
