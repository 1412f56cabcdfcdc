// Client entry point.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
// Inter, self-hosted (woff2, one variable file per script, fetched only for the characters a page
// uses): the app asked for 'Inter' and, without it, fell back to each system's font.
import '@fontsource-variable/inter';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);
