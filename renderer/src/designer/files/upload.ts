/** Reading a chosen local file for files.upload (base64 over the contract), refusing what the back end would refuse. */

/** Same limit as the back end (app/services/files.ts): attached files are read whole into memory by every run. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const ACCEPTED = '.csv,.tsv,.txt,.json';

/** The file's bytes as base64 (a data: URL without its prefix; FileReader avoids building huge strings by hand). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** A problem with the chosen file before uploading it as a data file (`data`) or a request body (`body`), or undefined. */
export function uploadProblem(
  file: { name: string; size: number },
  kind: 'data' | 'body' = 'data',
): string | undefined {
  if (file.size > MAX_UPLOAD_BYTES)
    return `${file.name} is larger than 50 MB: attached files are read whole into memory by every run${kind === 'data' ? '; keep only the rows the test needs' : ''}`;
  if (kind === 'data' && !/\.(csv|tsv|txt|json)$/i.test(file.name))
    return `${file.name} is not a data file: choose a CSV (.csv, .tsv, .txt) or JSON (.json) file`;
  return undefined;
}
