import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App';

// a BrowserRouter so the seeds' paths (/table/Customer, /utente/login…) are real URLs. Location
// changes are applied at once, not as transitions: react-admin's logout navigates and then clears
// its queries, and the urgent re-render that follows kept the pending location from ever
// committing — an anonymous visitor of '/' was logged out again and again on the old location
// (a blank page looping on /utente/login)
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
