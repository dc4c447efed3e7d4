import './styles/global.css';
import './styles/primitives/buttons.css';
import './styles/primitives/forms.css';
import './styles/primitives/feedback.css';
import './styles/primitives/layout.css';
import './styles/primitives/brand.css';
import './styles/primitives/menu.css';
import './styles/primitives/table.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './lib/queryClient';
import { hydratePrerenderedQueries } from './lib/prerenderedQueries';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
hydratePrerenderedQueries(queryClient, document);
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// A public page prerendered at build time (scripts/prerender.mjs) is hydrated with the data it was
// rendered with; every other address renders.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
