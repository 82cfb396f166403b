/**
 * The nghttp2 numbers gRPC's HTTP/2 calls read (RFC 9113's error codes and the END_STREAM flag), as node:http2's
 * `constants` has them: written here so that a worker imports node:http2 (~1.2 MB of heap) only when a plan makes a
 * gRPC call (connection.ts). nghttp2.test.ts checks them against node:http2.
 */
export const NGHTTP2_FLAG_END_STREAM = 0x1;
export const NGHTTP2_NO_ERROR = 0x0;
export const NGHTTP2_INTERNAL_ERROR = 0x2;
export const NGHTTP2_REFUSED_STREAM = 0x7;
export const NGHTTP2_CANCEL = 0x8;
export const NGHTTP2_ENHANCE_YOUR_CALM = 0xb;
export const NGHTTP2_INADEQUATE_SECURITY = 0xc;
