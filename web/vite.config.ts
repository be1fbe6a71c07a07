import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 5173, strictPort: true, host: '127.0.0.1' },
  build: {
    sourcemap: true,
    // Each backend is its own lazily loaded chunk; the Firebase SDK alone is ~570 kB minified and is
    // only downloaded when VITE_BACKEND=firebase. The warning would fire on that chunk every build.
    chunkSizeWarningLimit: 700,
  },
});
