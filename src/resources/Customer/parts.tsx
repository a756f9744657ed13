/**
 * Customers: the bulk actions of seed A §2 in the table's toolbar (src/bulk/), and in each row's
 * menu the customer's electronic invoices (`/table/EDocument/{id}`).
 */
import { lazy } from 'react';
import { MenuItem } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import type { ResourceParts, RowActionProps } from '../parts';

// the toolbar's many actions and their dialogs load with the first selection, not with the app
const CustomerBulkActions = lazy(() => import('../../bulk').then((m) => ({ default: m.CustomerBulkActions })));

function RowActions({ record, close }: RowActionProps) {
  const navigate = useNavigate();
  return <MenuItem onClick={() => { close(); navigate(`/table/EDocument/${record.id}`); }}>Fatture elettroniche</MenuItem>;
}

const parts: ResourceParts = { bulkActions: CustomerBulkActions, rowActions: RowActions };
export default parts;
