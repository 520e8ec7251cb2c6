/** Hand a downloaded file to the browser to save under its name (an object URL behind a link click). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // the click starts the download; the URL may go once the browser has it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
