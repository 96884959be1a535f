import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '@/web/components/ui/tooltip';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

type Options = RenderOptions & { route?: string; queryClient?: QueryClient; path?: string };

/** Renders inside the providers the app has (query client, tooltips, a router at `route`). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', queryClient, ...options }: Options = {},
) {
  const client = queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <TooltipProvider>{children}</TooltipProvider>
    </QueryClientProvider>
  );
  return {
    router,
    queryClient: client,
    ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...options }),
  };
}
