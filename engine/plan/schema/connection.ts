/**
 * How requests connect: protocol (HTTP/1.1, HTTP/2 over TLS by ALPN, h2c), connection reuse, TLS trust and
 * client certificates. Set for the whole plan (defaults.http) and overridable per request (request.http).
 * File paths are relative to the plan file.
 */
import { z } from 'zod';

export const PROTOCOLS = ['auto', 'http1', 'http2', 'h2c'] as const;

export const TlsOptions = z.strictObject({
  caFile: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'PEM file of certificate authorities to trust (instead of the system ones).' }),
  certFile: z.string().min(1).optional().meta({ description: 'PEM client certificate (mutual TLS); needs keyFile.' }),
  keyFile: z.string().min(1).optional().meta({ description: 'PEM private key of the client certificate.' }),
  passphrase: z
    .string()
    .optional()
    .meta({ description: 'Passphrase of keyFile; use ${env.NAME} rather than a literal.' }),
  servername: z.string().min(1).optional().meta({ description: 'SNI server name, when it differs from the URL host.' }),
  minVersion: z.enum(['TLSv1.2', 'TLSv1.3']).optional(),
});
export type TlsOptions = z.infer<typeof TlsOptions>;

export const ConnectionFields = {
  protocol: z
    .enum(PROTOCOLS)
    .optional()
    .meta({
      description:
        'auto (default): HTTP/2 when an https server offers it (ALPN), else HTTP/1.1, as k6 does; http1: never HTTP/2; ' +
        'http2: HTTP/2 only (h2c, prior knowledge, for http:// URLs); h2c: HTTP/2 cleartext for http:// URLs.',
    }),
  keepAlive: z
    .boolean()
    .optional()
    .meta({ description: 'Reuse connections; default true. false: a new connection per request (HTTP/1.1).' }),
  insecureTls: z.boolean().optional().meta({ description: 'Accept any TLS certificate; default false.' }),
  tls: TlsOptions.optional(),
};

export const ConnectionOptions = z.strictObject(ConnectionFields).meta({ id: 'ConnectionOptions' });
export type ConnectionOptions = z.infer<typeof ConnectionOptions>;
