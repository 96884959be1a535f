import { ApiError, failedCallError } from './api-client';

/**
 * Downloads a file of the API (`path` under /api/v1, with its query). The file is fetched first
 * and saved only when the server answers it: a plain link would save whatever comes back, so an
 * expired session (401) or a refusal (403 TIER_FEATURE) would land in the downloads folder as a
 * ".csv" holding a JSON error. A failure is thrown as an ApiError, for the page to show
 * translated. Returns the name the file was saved under.
 */
export async function downloadFile(path: string, fileName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      credentials: 'same-origin',
      headers: { accept: 'text/csv, application/json' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network unavailable');
  }
  if (!response.ok) throw await failedCallError(response, path);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The connection was cut while the file came (the server aborts a failed export).
    throw new ApiError(0, 'NETWORK_ERROR', 'Download interrupted');
  }
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}
