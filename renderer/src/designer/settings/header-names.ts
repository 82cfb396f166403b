/** Request headers offered while typing a default header's name (Authorization is better set with the auth form). */
export const COMMON_HEADERS: readonly string[] = [
  'Accept', 'Accept-Encoding', 'Accept-Language', 'Authorization', 'Cache-Control', 'Connection', 'Content-Type', 'Cookie',
  'If-None-Match', 'Origin', 'Referer', 'User-Agent', 'X-API-Key', 'X-Correlation-Id', 'X-Forwarded-For', 'X-Request-Id', 'X-Requested-With',
];
