import { Admin, CustomRoutes, ResourceContextProvider, usePermissions, type DataProvider } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { dataProvider } from './dataProvider';
import { authProvider } from './authProvider';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { lightTheme, darkTheme } from './layout/theme';
import { LoginPage } from './pages/LoginPage';
import { MenuPage } from './pages/MenuPage';
import { ErrorPage, NotFoundPage } from './pages/ErrorPage';
import { resourcesFor, screensFor } from './resources';
import { SimpleListPage } from './pages/SimpleListPage';
import { GenericList } from './list/GenericList';
import { ModelEdit } from './form/GenericForm';
import { Unauthorized } from './pages/UnauthorizedDialog';
import { atLeast } from '../model/define';
import { MODELS, modelByName } from '../model/registry';
import type { ModelDef } from '../model/define';
import { getUser } from './authProvider/token';

function Home() {
  return <Navigate to="/Menu" replace />;
}

/** `/table/{Model}`: the generic list of a model. */
function TableRoute() {
  const { model, parentId } = useParams();
  const { permissions } = usePermissions<{ role?: string }>();
  const m = model ? modelByName.get(model) : undefined;
  if (!m) return <NotFoundPage />;
  if (permissions && !atLeast(permissions.role, m.access.read)) return <Unauthorized />;
  if (parentId && m.list.parentField) {
    return <ResourceContextProvider value={m.name}><GenericList key={parentId} model={m} parentId={parentId} /></ResourceContextProvider>;
  }
  const List = screensFor(m).list;
  return <ResourceContextProvider value={m.name}><List /></ResourceContextProvider>;
}

/**
 * `NewScheda{Model}` and `Scheda{Model}/{id}`: the form routes of seed A. React Router matches
 * whole segments only (`/NewScheda:model` would be a literal path), so there is one route per model.
 */
function SchedaRoute({ model, create }: { model: ModelDef; create?: boolean }) {
  const { id } = useParams();
  return <Navigate to={create ? `/${model.name}/create` : `/${model.name}/${encodeURIComponent(id ?? '')}`} replace />;
}

/** `/utente/il_mio_profilo`: the logged user's own record (any role may edit its profile). */
function MyProfile() {
  const u = getUser();
  if (!u) return <Navigate to="/utente/login" replace />;
  return <ResourceContextProvider value="User"><ModelEdit model={modelByName.get('User')!} id={u.id} title="Il mio profilo" /></ResourceContextProvider>;
}

function MyStudio() {
  const u = getUser();
  return <Navigate to={u ? `/Studio/${u.studio_id}` : '/utente/login'} replace />;
}

function StudioCard() {
  const { id } = useParams();
  return <Navigate to={id ? `/Studio/${id}` : '/Studio/create'} replace />;
}

export default function App() {
  return (
    <Admin
      dataProvider={dataProvider as unknown as DataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={Home}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      catchAll={NotFoundPage}
      disableTelemetry
      requireAuth
    >
      {(permissions: { role?: string } | undefined) => (
        <>
          <CustomRoutes noLayout>
            <Route path="/utente/login" element={<LoginPage />} />
            <Route path="/error" element={<ErrorPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/Menu" element={<MenuPage />} />
            <Route path="/menu" element={<MenuPage />} />
            <Route path="/table/:model" element={<TableRoute />} />
            <Route path="/table/:model/:parentId" element={<TableRoute />} />
            <Route path="/lista/:id" element={<SimpleListPage />} />
            {MODELS.map((m) => <Route key={`new-${m.name}`} path={`/NewScheda${m.name}`} element={<SchedaRoute model={m} create />} />)}
            {MODELS.map((m) => <Route key={`edit-${m.name}`} path={`/Scheda${m.name}/:id`} element={<SchedaRoute model={m} />} />)}
            <Route path="/utente/il_mio_studio" element={<MyStudio />} />
            <Route path="/utente/il_mio_profilo" element={<MyProfile />} />
            <Route path="/scheda_studio/:id?" element={<StudioCard />} />
          </CustomRoutes>
          {resourcesFor(permissions?.role)}
        </>
      )}
    </Admin>
  );
}
