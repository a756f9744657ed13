/**
 * `/lista/{id}`: the simple list of a model (GET /api/list/{name}) with add, refresh and a
 * delete button per row (DELETE /api/{snake_name}/{id}).
 */
import { useState } from 'react';
import { useParams, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import DeleteIcon from '@mui/icons-material/Delete';
import { useNotify } from 'react-admin';
import { ScreenTitle } from '../layout/PageTitle';
import { modelByName } from '../../model/registry';
import { dataProvider } from '../dataProvider';
import { NotFoundRedirect } from './ErrorPage';

export function SimpleListPage() {
  const { id } = useParams();
  const model = id ? modelByName.get(id) : undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['simple-list', id],
    enabled: !!model,
    queryFn: ({ signal }) => dataProvider.simpleList(model!.name, { signal }),
  });
  if (!model) return <NotFoundRedirect />;
  const label = (r: Record<string, unknown>) =>
    model.labelFields
      .map((f) => r[f])
      .filter(Boolean)
      .join(' ') || `#${r.id}`;
  const meta = q.data?.item_meta_data;
  const remove = async (rowId: number) => {
    setBusy(rowId);
    try {
      await dataProvider.deleteRow(model.name, { id: rowId });
      notify('Elemento spostato nel cestino');
      await q.refetch();
    } catch (e) {
      notify(`Errore nell'eliminazione.. ${(e as Error).message}`, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 800 }}>
      <ScreenTitle title={`Elenco ${model.plural}`} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h1" variant="h6" sx={{ flexGrow: 1 }}>
          {model.plural}
        </Typography>
        <Tooltip title="Aggiorna">
          <IconButton aria-label="Aggiorna elenco" onClick={() => q.refetch()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {meta?.can_add_new !== false && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`/${model.name}/create`)}>
            Aggiungi
          </Button>
        )}
      </Box>
      {q.isError && <Alert severity="error">Errore nel caricamento dati</Alert>}
      <Card>
        <List dense aria-label={model.plural}>
          {(q.data?.data ?? []).map((r) => {
            const rid = Number(r.id);
            const erasable = meta?.items?.[String(rid)]?.is_erasable ?? meta?.is_erasable ?? true;
            return (
              <ListItem
                key={rid}
                disablePadding
                secondaryAction={
                  erasable ? (
                    <IconButton
                      edge="end"
                      aria-label={`Elimina ${label(r)}`}
                      disabled={busy === rid}
                      onClick={() => remove(rid)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton onClick={() => navigate(`/${model.name}/${rid}`)}>
                  <ListItemText primary={label(r)} secondary={typeof r.cod === 'string' ? r.cod : undefined} />
                </ListItemButton>
              </ListItem>
            );
          })}
          {q.data && !q.data.data.length && (
            <ListItem>
              <ListItemText primary="Nessun elemento" />
            </ListItem>
          )}
        </List>
      </Card>
    </Box>
  );
}
