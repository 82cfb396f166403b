// mockttp loads tls-impersonate lazily and checks isSupported(); without it, fingerprint mirroring is unavailable
// and mockttp falls back to its default upstream TLS. Loadsmith never turns mirroring on.
module.exports = {};
