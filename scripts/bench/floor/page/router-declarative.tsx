/** The speed floor's router: the declarative router the product uses (decision 0015). */
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';

export function FloorRoutes({ page }: { page: ReactElement }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/chat/:businessId" element={page} />
        <Route path="*" element={page} />
      </Routes>
    </BrowserRouter>
  );
}
