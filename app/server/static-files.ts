/** Serves the built renderer from disk: traversal-safe (prefix check after realpath), SPA fallback, cache headers. */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CACHE } from './headers.ts';
import { BUILD_MISSING_PAGE } from './pages.ts';
import { sendError, sendHtml } from './respond.ts';
import { cacheControlFor, contentTypeFor, fallsBackToIndex, parseStaticPath } from './static-path.ts';

/** Answers an authenticated GET/HEAD for a non-API path. `rawPath` is the request path without the query. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  staticDir: string | undefined,
  rawPath: string,
): Promise<void> {
  const parsed = parseStaticPath(rawPath);
  if (!parsed.ok) {
    if (parsed.status === 400) sendError(res, 400, 'invalid_params', 'bad path');
    else sendError(res, 404, 'not_found', 'not found');
    return;
  }
  const root = staticDir === undefined ? undefined : await realRoot(staticDir);
  if (root === undefined) {
    sendHtml(res, parsed.segments.length === 0 ? 200 : 404, BUILD_MISSING_PAGE);
    return;
  }
  const segments = parsed.segments.length === 0 ? ['index.html'] : parsed.segments;
  const file = await findFile(root, segments);
  if (file !== undefined) {
    sendFile(req, res, file.path, file.size, cacheControlFor(segments));
    return;
  }
  if (!fallsBackToIndex(segments)) {
    sendError(res, 404, 'not_found', 'not found');
    return;
  }
  const index = await findFile(root, ['index.html']);
  if (index === undefined) {
    sendHtml(res, 200, BUILD_MISSING_PAGE);
    return;
  }
  sendFile(req, res, index.path, index.size, CACHE.revalidate);
}

async function realRoot(dir: string): Promise<string | undefined> {
  try {
    return await realpath(dir);
  } catch {
    return undefined;
  }
}

/** A regular file inside `root` (after resolving symlinks), or undefined. */
async function findFile(
  root: string,
  segments: readonly string[],
): Promise<{ path: string; size: number } | undefined> {
  const candidate = path.resolve(root, ...segments);
  if (!isInside(root, candidate)) return undefined;
  try {
    const real = await realpath(candidate);
    if (!isInside(root, real)) return undefined;
    const info = await stat(real);
    return info.isFile() ? { path: real, size: info.size } : undefined;
  } catch {
    return undefined;
  }
}

/** Normalised prefix check: `child` is `root` itself or below it. */
export function isInside(root: string, child: string): boolean {
  const relative = path.relative(root, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, size: number, cacheControl: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentTypeFor(file));
  res.setHeader('Content-Length', size);
  res.setHeader('Cache-Control', cacheControl);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
