/**
 * SDD mandates (issue 29): 'Incassa con SDD' on the table's toolbar opens the collection of the
 * open charges (./Collect.tsx, `/incassa_sdd`); each row's menu downloads the mandate's form for
 * the customer to sign (Mandato_SDD_<ref>.pdf). One customer's mandates (`/table/SddMandate/{id}`,
 * from the customer's row or card) have the customer in the title.
 */
import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useGetOne } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { saveAs } from 'file-saver';
import type { ResourceParts, RowActionProps } from '../parts';
import { AppDialog } from '../../layout/ErrorDialog';
import { TITLES } from '../../bulk/texts';
import { useAppDataProvider } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';

function RowActions({ record, close }: RowActionProps) {
  const dp = useAppDataProvider();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <MenuItem
        onClick={async () => {
          try {
            const { blob, filename } = await dp.downloadSddMandatePdf(record.id);
            saveAs(blob, filename);
            close();
          } catch (e) {
            setError(`Download non riuscito: ${(e as Error).message}`);
          }
        }}
      >
        Modulo da firmare (PDF)
      </MenuItem>
      <AppDialog
        open={!!error}
        onClose={() => {
          setError(null);
          close();
        }}
        title={TITLES.error}
        text={error ?? ''}
        actions={
          <Button
            onClick={() => {
              setError(null);
              close();
            }}
            autoFocus
          >
            Ho Capito
          </Button>
        }
      />
    </>
  );
}

/** 'Incassa con SDD' in the table's toolbar. */
function CollectButton() {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<PaymentsIcon />} onClick={() => navigate('/incassa_sdd')}>
      Incassa con SDD
    </Button>
  );
}

/** One customer's mandates: the customer in the title. */
function CustomerTitle({ parentId, fallback }: { parentId?: string; fallback: string }) {
  const { data } = useGetOne<{ id: number; business_name?: string }>(
    'Customer',
    { id: Number(parentId) },
    { enabled: !!parentId },
  );
  return (
    <PageTitle title={parentId ? `Mandati SDD${data?.business_name ? ` - ${data.business_name}` : ''}` : fallback} />
  );
}

const parts: ResourceParts = { rowActions: RowActions, listActions: CollectButton, listTitle: CustomerTitle };
export default parts;
