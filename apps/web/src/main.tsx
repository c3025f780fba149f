import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Rondín</h1>
      <p>Control de trampas con códigos QR. La interfaz web llega en la próxima entrega; la API está en /api/docs.</p>
    </main>
  </StrictMode>,
);
