const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The app is served from this machine (dev, e2e): the /root guard only waits for auth there. */
export function isLocalhostName(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname);
}

/** The app runs installed: display-mode standalone, or iOS Safari's navigator.standalone. */
export function isStandaloneDisplay(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}
