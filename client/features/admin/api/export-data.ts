// GET /api/admin/export/{kind}: a CSV attachment, fetched with the session cookie and saved through
// an <a download> on an object URL. apiRequest cannot serve here: it reads every answer as JSON.
import { type ExportKind, exportFileName } from '@shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export function exportUrl(kind: ExportKind): string {
  return `/api/admin/export/${kind}`;
}

/** The server's {message} when it answered JSON; its status line otherwise. */
async function exportError(response: Response): Promise<ApiError> {
  const fallback = `Export failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.status, fallback);
  }
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof data.message === 'string' && data.message ? data.message : fallback;
  return new ApiError(
    response.status,
    message,
    typeof data.code === 'string' ? data.code : undefined,
    data,
  );
}

export async function fetchExport(kind: ExportKind): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(exportUrl(kind), { credentials: 'include' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await exportError(response);
  return response.blob();
}

/** Hands the file to the browser's downloads under the spec's name (members-export.csv…). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Revoked on the next task: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export async function downloadExport(kind: ExportKind): Promise<string> {
  const fileName = exportFileName(kind);
  saveFile(await fetchExport(kind), fileName);
  return fileName;
}

/** One per button, so each shows its own spinner and several exports can run at once. */
export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
