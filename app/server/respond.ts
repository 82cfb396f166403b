/** Small response writers. Error bodies keep the Envelope shape `{ ok: false, error: { code, message } }`. */
import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '../contract/errors.ts';

/**
 * Codes of error replies. Contract codes where one fits; the HTTP-level refusals (`unauthorized`, `forbidden`)
 * happen before any contract method runs, so a transport should act on the status (401: show the login hint).
 */
export type HttpErrorCode = ErrorCode | 'unauthorized' | 'forbidden';

/** Extra options of a reply. */
export interface ReplyOptions {
  headers?: Record<string, string>;
  /** Close the connection after the reply (the request body was not read, or is being refused). */
  close?: boolean;
}

/** Writes a JSON reply; `body` must be serialisable (callers pass envelopes). */
export function sendJson(res: ServerResponse, status: number, body: unknown, options: ReplyOptions = {}): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body), options);
}

/** Writes an error envelope. */
export function sendError(
  res: ServerResponse,
  status: number,
  code: HttpErrorCode,
  message: string,
  options: ReplyOptions = {},
): void {
  sendJson(res, status, { ok: false, error: { code, message } }, options);
}

/** Writes an HTML page (our own fixed pages only: no user input is interpolated). */
export function sendHtml(res: ServerResponse, status: number, html: string, options: ReplyOptions = {}): void {
  send(res, status, 'text/html; charset=utf-8', html, options);
}

/** 302 to a same-origin path. */
export function sendRedirect(res: ServerResponse, location: string, options: ReplyOptions = {}): void {
  send(res, 302, 'text/plain; charset=utf-8', '', { ...options, headers: { ...options.headers, Location: location } });
}

function send(res: ServerResponse, status: number, type: string, text: string, options: ReplyOptions): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(text, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', body.length);
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (options.close) res.setHeader('Connection', 'close');
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
