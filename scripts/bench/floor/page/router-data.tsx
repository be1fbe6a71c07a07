/**
 * The page-weight floor's router: react-router's data router, as issue 11 defines the floor (decision
 * 0011), though the product routes declaratively since decision 0015.
 */
import { useState, type ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';

export function FloorRoutes({ page }: { page: ReactElement }) {
  const [router] = useState(() =>
    createBrowserRouter([
      { path: '/chat/:businessId', element: page },
      { path: '*', element: page },
    ]),
  );
  return <RouterProvider router={router} />;
}
