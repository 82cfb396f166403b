/**
 * How to make a client other than the launched browser record through the proxy: point it at the proxy and make it
 * trust the recorder's CA. Shown by the UI next to the "Export CA" button; the CA file, the proxy and its port are filled in.
 */
export interface ClientInstructions {
  client: string;
  title: string;
  steps: string[];
}

export function caInstructions(certPath: string, proxyUrl: string | null): ClientInstructions[] {
  const proxy = proxyUrl ?? 'http://127.0.0.1:PORT (start a recording to get the port)';
  const port = proxyUrl ? /:(\d+)\/?$/.exec(proxyUrl)?.[1] : undefined;
  const fill = (steps: string[]): string[] =>
    steps.map((s) => {
      const text = s.replaceAll('{cert}', certPath).replaceAll('{proxy}', proxy);
      return port ? text.replace(/\bPORT\b/g, port) : text;
    });
  return [
    {
      client: 'curl',
      title: 'curl',
      steps: fill([
        'curl --proxy {proxy} --cacert {cert} https://example.test/',
        'or for every command: export HTTPS_PROXY={proxy} HTTP_PROXY={proxy} CURL_CA_BUNDLE={cert}',
      ]),
    },
    {
      client: 'node',
      title: 'Node.js',
      steps: fill([
        'NODE_EXTRA_CA_CERTS={cert} HTTPS_PROXY={proxy} HTTP_PROXY={proxy} NODE_USE_ENV_PROXY=1 node app.js',
        "Node 22.21+/24: NODE_USE_ENV_PROXY=1 makes fetch and http use the proxy; older code needs an agent such as undici's ProxyAgent",
      ]),
    },
    {
      client: 'python',
      title: 'Python (requests, httpx)',
      steps: fill([
        'HTTPS_PROXY={proxy} HTTP_PROXY={proxy} REQUESTS_CA_BUNDLE={cert} SSL_CERT_FILE={cert} python app.py',
      ]),
    },
    {
      client: 'java',
      title: 'Java / JVM',
      steps: fill([
        'keytool -importcert -alias loadsmith-recorder -file {cert} -keystore recorder.jks -storepass changeit -noprompt',
        'java -Dhttps.proxyHost=127.0.0.1 -Dhttps.proxyPort=PORT -Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=PORT -Djavax.net.ssl.trustStore=recorder.jks -Djavax.net.ssl.trustStorePassword=changeit -jar app.jar',
      ]),
    },
    {
      client: 'firefox',
      title: 'Firefox',
      steps: fill([
        'Settings › Privacy & Security › Certificates › View Certificates › Authorities › Import {cert}, tick "Trust this CA to identify websites"',
        'Settings › Network Settings › Manual proxy configuration: HTTP proxy 127.0.0.1, port PORT, "Also use this proxy for HTTPS"; remove localhost from "No proxy for" to record local servers',
        'Use a separate Firefox profile for recording and remove the CA afterwards',
      ]),
    },
    {
      client: 'chrome',
      title: 'Another Chrome, Chromium or Edge',
      steps: fill([
        'Prefer "Record with a browser": it trusts the CA for that browser window only',
        'Otherwise start it with --proxy-server={proxy} --proxy-bypass-list="<-loopback>" --user-data-dir=<an empty folder> and import {cert} under Settings › Privacy and security › Security › Manage certificates › Authorities',
      ]),
    },
    {
      client: 'system',
      title: 'The whole system (all apps)',
      steps: fill([
        'Linux (Debian/Ubuntu): sudo cp {cert} /usr/local/share/ca-certificates/loadsmith-recorder.crt && sudo update-ca-certificates',
        'macOS: sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain {cert}',
        'Windows (as administrator): certutil -addstore -f Root {cert}',
        'Remove it when you are done recording: anyone holding the CA key could impersonate any website to this computer',
      ]),
    },
    {
      client: 'mobile',
      title: 'Phones and tablets',
      steps: fill([
        "The proxy listens on 127.0.0.1 only: forward a port to the device (Android: adb reverse tcp:PORT tcp:PORT) and set the device's Wi-Fi proxy to 127.0.0.1:PORT",
        'Android: Settings › Security › Encryption & credentials › Install a certificate › CA certificate, pick {cert}; apps trust user CAs only if their network security config allows it (debug builds)',
        'iOS: open {cert} on the device (AirDrop or mail), install the profile, then Settings › General › About › Certificate Trust Settings › enable full trust',
      ]),
    },
  ];
}
