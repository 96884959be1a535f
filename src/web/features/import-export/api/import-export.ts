import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportBody, ImportCommit, ImportPreview } from '@/contracts/import-export';
import { portfolioScopedKeys, useActiveScope } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';

/** The active portfolio and simulation the page works on. */
export function useImportExportScope() {
  const scope = useActiveScope();
  const portfolioId = scope.portfolio?.id ?? null;
  const simulationId = scope.simulation?.id ?? null;
  return { scope, portfolioId, simulationId };
}

function importPath(portfolioId: string, simulationId: string | null) {
  const sim = simulationId ? `?sim=${encodeURIComponent(simulationId)}` : '';
  return `/portfolios/${encodeURIComponent(portfolioId)}/import${sim}`;
}

type ImportRequest = Omit<ImportBody, 'commit'>;

/** Reads and checks a file on the server; saves nothing (a POST, so a mutation, never cached). */
export function usePreviewImport() {
  const { portfolioId, simulationId } = useImportExportScope();
  return useMutation({
    mutationFn: (body: ImportRequest) => {
      if (!portfolioId) throw new Error('no active portfolio');
      return api<ImportPreview>(importPath(portfolioId, simulationId), {
        method: 'POST',
        body: { ...body, commit: false },
      });
    },
  });
}

/**
 * Saves a file: every row or none. Not retried (a retry after a lost answer would import twice).
 * Afterwards everything read in the scope (holdings, transactions, totals) is refetched.
 */
export function useCommitImport() {
  const { portfolioId, simulationId } = useImportExportScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportRequest) => {
      if (!portfolioId) throw new Error('no active portfolio');
      return api<ImportCommit>(importPath(portfolioId, simulationId), {
        method: 'POST',
        body: { ...body, commit: true },
      });
    },
    onSuccess: () => {
      if (!portfolioId) return;
      return queryClient.invalidateQueries({
        queryKey: portfolioScopedKeys.scope(portfolioId, simulationId),
      });
    },
  });
}
