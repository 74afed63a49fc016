import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { Badge, MantineProvider, createTheme } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  components: {
    // A badge carries a verdict or a guardrail's name: it keeps its whole text rather than shrinking to "BLOC…" in a narrow cell.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } }),
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <App />
    </MantineProvider>
  </StrictMode>,
);
