import { type ExportKind, exportFileName, exportPath, localDay } from '@/contracts/import-export';
import { downloadFile } from '@/web/lib/download';

/**
 * Downloads an export (`downloadFile`: saved only when the server sends the file, a failure
 * thrown as an ApiError). The saved file is named with the user's local date (the server's name
 * uses the UTC date, which is yesterday or tomorrow for part of the day in some time zones).
 */
export function downloadExport(
  portfolioId: string,
  kind: ExportKind,
  simulationId: string | null,
  now: Date = new Date(),
): Promise<string> {
  return downloadFile(
    exportPath(portfolioId, kind, simulationId).replace(/^\/api\/v1/, ''),
    exportFileName(kind, localDay(now)),
  );
}
