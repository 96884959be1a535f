import { type ExportKind, exportFileName, exportPath, localDay } from '@/contracts/import-export';
import { ApiError, failedCallError } from '@/web/lib/api-client';

/**
 * Downloads an export. The file is fetched first and saved only when the server answers it: a
 * plain link would save whatever comes back, so an expired session (401) or a refusal would land
 * in the downloads folder as a ".csv" holding a JSON error. A failure is thrown as an ApiError,
 * for the page to show translated. The saved file is named with the user's local date (the
 * server's name uses the UTC date, which is yesterday or tomorrow for part of the day in some
 * time zones).
 */
export async function downloadExport(
  portfolioId: string,
  kind: ExportKind,
  simulationId: string | null,
  now: Date = new Date(),
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(exportPath(portfolioId, kind, simulationId), {
      credentials: 'same-origin',
      headers: { accept: 'text/csv, application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network unavailable');
  }
  if (!response.ok) {
    throw await failedCallError(
      response,
      exportPath(portfolioId, kind, simulationId).replace(/^\/api\/v1/, ''),
    );
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The connection was cut while the file came (the server aborts a failed export).
    throw new ApiError(0, 'NETWORK_ERROR', 'Download interrupted');
  }
  const name = exportFileName(kind, localDay(now));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
