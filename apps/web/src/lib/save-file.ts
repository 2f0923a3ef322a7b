import type { RestFile } from './rest-client';

/**
 * Hands a fetched file (restFile) to the browser as a download. A link cannot send the bearer
 * token, so files of the API are fetched first and saved from memory. Returns the file name.
 */
export function saveFile(file: RestFile, fallbackName: string): string {
  const fileName = file.fileName ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}
