/**
 * Customers: the bulk actions of seed A §2 in the table's toolbar (./bulk/), and in each row's
 * menu the customer's electronic invoices (`/table/EDocument/{id}`) and SDD mandates
 * (`/table/SddMandate/{id}`). The card (./Edit.tsx) adds the customer's open items.
 */
import { lazy } from 'react';
import { Button, MenuItem } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { useNavigate } from 'react-router-dom';
import type { ResourceParts, RowActionProps } from '../parts';

// the toolbar's many actions and their dialogs load with the first selection, not with the app
const CustomerBulkActions = lazy(() => import('./bulk/index').then((m) => ({ default: m.CustomerBulkActions })));

/** The customer's own lists, opened from its row's menu. */
const CUSTOMER_LISTS = [
  { model: 'EDocument', label: 'Fatture elettroniche' },
  { model: 'SddMandate', label: 'Mandati SDD' },
];

function RowActions({ record, close }: RowActionProps) {
  const navigate = useNavigate();
  return (
    <>
      {CUSTOMER_LISTS.map(({ model, label }) => (
        <MenuItem
          key={model}
          onClick={() => {
            close();
            navigate(`/table/${model}/${record.id}`);
          }}
        >
          {label}
        </MenuItem>
      ))}
    </>
  );
}

/** 'Importa' in the customers' toolbar: the customer import (Admin and above). */
function ImportButton() {
  const navigate = useNavigate();
  const { permissions } = usePermissions<{ role?: string }>();
  if (!atLeast(permissions?.role, 'Admin')) return null;
  return (
    <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => navigate('/importa_clienti')}>
      Importa
    </Button>
  );
}

const parts: ResourceParts = { bulkActions: CustomerBulkActions, rowActions: RowActions, listActions: ImportButton };
export default parts;
