import ipaddr from 'ipaddr.js';

/** True when `ip` falls inside one of the CIDR blocks; an empty list allows every address. */
export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return allowlist.some((entry) => {
    const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128];
    return address.kind() === range.kind() && address.match(range, bits);
  });
}

/** Validates a CIDR list given on the command line; throws with the offending entry. */
export function parseAllowlist(entries: string[]): string[] {
  for (const entry of entries) {
    if (!ipaddr.isValidCIDR(entry) && !ipaddr.isValid(entry)) throw new Error(`Not an IP address or CIDR block: ${entry}`);
  }
  return entries;
}
