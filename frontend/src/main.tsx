import './styles/global.css';
import './styles/primitives/buttons.css';
import './styles/primitives/forms.css';
import './styles/primitives/feedback.css';
import './styles/primitives/layout.css';
import './styles/primitives/brand.css';
import './styles/primitives/menu.css';
import './styles/primitives/table.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
