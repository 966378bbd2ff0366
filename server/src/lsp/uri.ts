/** file: URIs <-> paths, in one place. The index keys files by their URI, as the client names them. */
import { fileURLToPath, pathToFileURL } from 'node:url';

export const URI = {
  toPath(uri: string): string {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  },
  fromPath(path: string): string {
    return pathToFileURL(path).href;
  },
};
